#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A height at which a bottom sheet rests, as UIKit's `UISheetPresentationController.Detent`:
/// the host's choice of where a custom presentation's screen ends, given to the animator as the
/// presented frame (`PresentationController.Layout.sheet(heightFraction:)`).
///
/// The system detents follow Apple's documentation of `UISheetPresentationController.Detent`:
/// `medium()` is "a sheet that's approximately half the height of the screen", taken here as
/// exactly half the container's height; `large()` is "a sheet at full height"
/// (developer.apple.com/documentation/uikit/uisheetpresentationcontroller/detent).
/// A custom fraction is SwiftUI's `PresentationDetent.fraction(_:)`.
public enum SheetDetent: Sendable, Hashable, CustomStringConvertible {
    /// Half the container's height (UIKit's `medium()`).
    case medium
    /// The container's full height (UIKit's `large()`).
    case large
    /// This fraction of the container's height, in (0, 1].
    case fraction(Double)

    /// The values a detent is written as, for messages and help.
    public static let syntax = "medium, large, or a fraction of the container's height in (0, 1] such as 0.4"

    /// A value that is not a detent.
    public struct Error: Swift.Error, Hashable, CustomStringConvertible {
        /// What is wrong and what to give instead.
        public let description: String
    }

    /// A detent written as `medium`, `large` or a fraction such as `0.4`.
    /// - Throws: `Error` for any other word, and for a fraction that is not in (0, 1].
    public init(parsing text: String) throws(Error) {
        let word = text.trimmingWhitespace().lowercased()
        switch word {
        case "medium": self = .medium
        case "large": self = .large
        default:
            guard let value = Double(word) else {
                throw Error(description: "'\(DisplayText.escape(text))' is not a detent; give \(Self.syntax)")
            }
            self = try Self(fraction: value)
        }
    }

    /// A detent at `fraction` of the container's height.
    /// - Throws: `Error` when `fraction` is not a finite number in (0, 1].
    public init(fraction: Double) throws(Error) {
        guard fraction.isFinite, fraction > 0, fraction <= 1 else {
            throw Error(description: "a sheet's height fraction must be in (0, 1], such as 0.5 for half the container; got \(Format.number(fraction, decimals: 4))")
        }
        self = .fraction(fraction)
    }

    /// The fraction of the container's height the sheet takes: 0.5 for medium, 1 for large.
    public var heightFraction: Double {
        switch self {
        case .medium: 0.5
        case .large: 1
        case .fraction(let f): f
        }
    }

    /// The layout of the presentation that rests at this detent.
    public var layout: PresentationController.Layout { .sheet(heightFraction: heightFraction) }

    /// The presented screen's frame at this detent in a container with `bounds`: the full
    /// width, along the bottom edge.
    public func presentedFrame(in bounds: Rect) -> Rect {
        PresentationController(layout: layout).presentedFrame(in: bounds)
    }

    /// `medium`, `large`, or the fraction.
    public var description: String {
        switch self {
        case .medium: "medium"
        case .large: "large"
        case .fraction(let f): Format.number(f, decimals: 4)
        }
    }
}
