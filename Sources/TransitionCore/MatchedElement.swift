/// An element shown by both screens of a transition (a card in a list that becomes the detail
/// screen's header): what container-transform, zoom and shared-element animators morph.
/// Mirrors `tc_matched_element_t`.
public struct MatchedElement: Sendable, Hashable, Codable {
    /// The element's id: letters, digits, `-`, `_` and `.`, at most 64 bytes.
    public var id: String
    /// Where it is in the from-screen, container coordinates, with the from-view at its initial frame.
    public var fromFrame: Rect
    /// Where it is in the to-screen, with the to-view at its final frame.
    public var toFrame: Rect
    /// The snapshot of `fromFrame` of the from-view that the host made for it; nil before a
    /// context assigns it, or when the context has no from-view.
    public var fromView: ViewID?
    /// The snapshot of `toFrame` of the to-view; nil before a context assigns it, or when the
    /// context has no to-view.
    public var toView: ViewID?

    /// Creates a matched element; a context assigns its views.
    public init(id: String, fromFrame: Rect, toFrame: Rect, fromView: ViewID? = nil, toView: ViewID? = nil) {
        self.id = id
        self.fromFrame = fromFrame
        self.toFrame = toFrame
        self.fromView = fromView
        self.toView = toView
    }

    /// Why a matched element was refused.
    public struct Error: Swift.Error, Hashable, CustomStringConvertible {
        /// What is wrong and what is expected.
        public let description: String
    }

    /// The syntax of the command-line form, for messages.
    public static let syntax = "ID:X,Y,WxH->X,Y,WxH (for example card:16,200,358x120->0,0,390x844)"

    /// Parses the command-line form `ID:X,Y,WxH->X,Y,WxH`: the id, its frame in the from-screen,
    /// its frame in the to-screen.
    /// - Throws: `Error` naming the part that is wrong.
    public init(parsing text: String) throws(Error) {
        guard let colon = text.firstIndex(of: ":") else {
            throw Error(description: "'\(DisplayText.escape(text))' has no ':' after the id; write \(Self.syntax)")
        }
        let id = String(text[..<colon])
        let frames = text[text.index(after: colon)...].components(separatedBy: "->")
        guard frames.count == 2 else {
            throw Error(description: "'\(DisplayText.escape(text))' needs two frames joined by '->'; write \(Self.syntax)")
        }
        guard let from = Self.frame(frames[0]) else {
            throw Error(description: "'\(DisplayText.escape(frames[0]))' is not a frame X,Y,WxH; write \(Self.syntax)")
        }
        guard let to = Self.frame(frames[1]) else {
            throw Error(description: "'\(DisplayText.escape(frames[1]))' is not a frame X,Y,WxH; write \(Self.syntax)")
        }
        self.init(id: id, fromFrame: from, toFrame: to)
        try check()
    }

    /// Checks the id's syntax and that both frames are finite with a positive size.
    /// - Throws: `Error` naming what is wrong.
    public func check() throws(Error) {
        let allowed = id.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "-_.".unicodeScalars.contains($0) }
        guard !id.isEmpty, id.utf8.count <= 64, allowed else {
            throw Error(description: "matched element id '\(DisplayText.escape(id))' must be 1 to 64 letters, digits, '-', '_' or '.'")
        }
        for (side, frame) in [("from", fromFrame), ("to", toFrame)] where !(frame.isFinite && frame.width > 0 && frame.height > 0) {
            throw Error(description: "matched element '\(id)': its \(side) frame \(frame) must be finite with a positive width and height")
        }
    }

    /// `ID:X,Y,WxH->X,Y,WxH`.
    public var commandLineForm: String {
        func f(_ r: Rect) -> String { "\(Format.number(r.x)),\(Format.number(r.y)),\(Format.number(r.width))x\(Format.number(r.height))" }
        return "\(id):\(f(fromFrame))->\(f(toFrame))"
    }

    private static func frame(_ text: String) -> Rect? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let size = parts[2].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), let w = Double(size[0]), let h = Double(size[1]) else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
}
