import ArgumentParser
import PluginHost
import TransitionCore

/// An error found while a command runs: printed as one line, with no usage text, and ending the
/// process with its exit status.
struct CLIError: Error, CustomStringConvertible {
    /// The message.
    let description: String
    /// The exit status it ends the process with.
    let status: ExitStatus

    /// An error with `status` (by default: a plugin misbehaved or a check failed).
    init(_ description: String, status: ExitStatus = .failure) {
        self.description = description
        self.status = status
    }

    /// A mistake on the command line (exit status 64).
    static func usage(_ description: String) -> CLIError { CLIError(description, status: .usage) }
}

/// Turns command-line names into an operation, an animator and parameter values, with one-line
/// errors that suggest what was probably meant.
enum Resolution {
    static func operation(_ name: String) throws -> TransitionOperation {
        if let op = TransitionOperation(name: name) { return op }
        let names = TransitionOperation.allCases.map(\.name)
        let hint = Suggestions.closest(to: name, in: names).map { "did you mean '\($0)'? " } ?? ""
        throw CLIError.usage("unknown operation '\(DisplayText.escape(name))'; \(hint)operations are \(names.joined(separator: ", "))")
    }

    /// Finds the animator in the index and checks the operation, without loading its plugin.
    static func described(_ reference: String, in index: PluginIndex, for operation: TransitionOperation? = nil) throws -> AnimatorReference {
        guard let (plugin, description) = index.locate(reference) else {
            let ids = index.animators.map(\.animator.id)
            let hint = Suggestions.closest(to: reference, in: ids).map { "did you mean '\($0)'? " } ?? ""
            var message = "unknown animator '\(DisplayText.escape(reference))'; \(hint)run `catalog list` to see them all"
            if let missing = index.unreadable.first(where: \.isMissingBuiltIns) {
                // The installation is broken, not the command line.
                throw CLIError("unknown animator '\(DisplayText.escape(reference))': \(missing)")
            } else if !index.errors.isEmpty {
                message += " (\(index.errors.count) plugin file(s) could not be loaded; `catalog list` shows why)"
            }
            throw CLIError.usage(message)
        }
        if let operation, !description.supports(operation) {
            let others = index.animators.filter { $0.animator.supports(operation) }.map(\.animator.id)
            throw CLIError.usage(
                "\(description.id) does not support \(operation); it supports \(description.operations.map(\.name).joined(separator: ", ")). "
                    + "Animators for \(operation): \(others.isEmpty ? "none" : others.joined(separator: ", "))")
        }
        return AnimatorReference(plugin: plugin, description: description)
    }

    /// The KEY=VALUE assignments of --param, each key given once.
    static func assignments(_ assignments: [String]) throws -> [ParameterAssignment] {
        var pairs: [ParameterAssignment] = []
        for a in assignments {
            guard let eq = a.firstIndex(of: "="), eq != a.startIndex else {
                throw CLIError.usage("--param takes KEY=VALUE, got '\(DisplayText.escape(a))'")
            }
            let key = String(a[..<eq])
            if let earlier = pairs.first(where: { $0.key == key }) {
                throw CLIError.usage(
                    "--param \(DisplayText.escape(key)) is given twice (\(DisplayText.escape(earlier.value)) and \(DisplayText.escape(String(a[a.index(after: eq)...])))); give each parameter once")
            }
            pairs.append(ParameterAssignment(key: key, value: String(a[a.index(after: eq)...])))
        }
        return pairs
    }

    /// Refuses a key the animator does not have, suggesting the closest one it has.
    static func checkKeys(_ pairs: [ParameterAssignment], for description: AnimatorDescription) throws {
        let known = description.parameters.map(\.id)
        for pair in pairs where !known.contains(pair.key) {
            let hint = Suggestions.closest(to: pair.key, in: known).map { "did you mean '\($0)'? " } ?? ""
            let list = known.isEmpty ? "it has no parameters" : "its parameters are \(known.joined(separator: ", "))"
            throw CLIError.usage("\(description.id) has no parameter '\(DisplayText.escape(pair.key))'; \(hint)\(list)")
        }
    }

    /// The parameter values of `animator` for the --param assignments.
    static func parameters(_ assignments: [String], for animator: some DescribedAnimator) throws -> [Double] {
        let pairs = try self.assignments(assignments)
        try checkKeys(pairs, for: animator.description)
        do {
            return try animator.description.values(for: pairs.map { ($0.key, $0.value) })
        } catch {
            throw CLIError.usage(error.description)
        }
    }

    /// The `--match` values: matched elements `ID:X,Y,WxH->X,Y,WxH`, each id once.
    static func matchedElements(_ texts: [String]) throws -> [MatchedElement] {
        var result: [MatchedElement] = []
        for text in texts {
            let element: MatchedElement
            do { element = try MatchedElement(parsing: text) } catch { throw CLIError.usage("--match: \(error.description)") }
            if result.contains(where: { $0.id == element.id }) {
                throw CLIError.usage("--match: the id '\(element.id)' is given twice; give each matched element its own id")
            }
            result.append(element)
        }
        return result
    }

    static func size(_ text: String) throws -> Rect {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else {
            throw CLIError.usage("--size takes WIDTHxHEIGHT in points, such as 390x844; got '\(DisplayText.escape(text))'")
        }
        guard w >= 1, h >= 1, w <= 10000, h <= 10000 else {
            throw CLIError.usage("--size must be between 1x1 and 10000x10000 points; got \(text)")
        }
        return Rect(x: 0, y: 0, width: w, height: h)
    }

    /// The help of the --detent option.
    static let detentHelp = "Where a custom present or dismiss rests, as UIKit's sheet detents: medium (a sheet half the container's height), large (all of it) or a height fraction in (0, 1]; the host's presented frame (default: a card inset 16 pt, from 15% of the height)."

    /// The sheet detent of --detent, or nil when it is not given.
    static func detent(_ text: String?) throws -> SheetDetent? {
        guard let text else { return nil }
        do throws(SheetDetent.Error) {
            return try SheetDetent(parsing: text)
        } catch {
            throw CLIError.usage("--detent: \(error.description)")
        }
    }

    /// The presented frame --detent gives a transition in `bounds`: nil without one.
    /// - Throws: `CLIError` when the transition is not a present or dismiss in the custom style,
    ///   where the host places the presented screen.
    static func presentedFrame(_ detent: SheetDetent?, operation: TransitionOperation, style: PresentationStyle, in bounds: Rect) throws -> Rect? {
        guard let detent else { return nil }
        guard operation.isModal, style == .custom else { throw detentDoesNotApply(to: operation, style: style) }
        return detent.presentedFrame(in: bounds)
    }

    /// The error of a --detent given for a transition whose presented frame the host does not place.
    static func detentDoesNotApply(to operation: TransitionOperation, style: PresentationStyle) -> CLIError {
        let what = operation.isModal ? "\(operation) in the \(style) style" : "\(operation)"
        return CLIError.usage("--detent applies to present and dismiss in the custom style, where the host places the presented screen; this is \(what)")
    }

    static func style(_ name: String?, for animator: some DescribedAnimator, operation: TransitionOperation) throws -> PresentationStyle {
        guard let name else { return animator.description.defaultStyle(for: operation) }
        guard let style = PresentationStyle(name: name) else {
            throw CLIError.usage("unknown style '\(DisplayText.escape(name))'; styles are full-screen and custom")
        }
        if operation.isModal && !animator.description.styles.contains(style) {
            throw CLIError.usage("\(animator.id) does not serve the \(style) style; it serves \(animator.description.styles.map(\.name).joined(separator: ", "))")
        }
        if !operation.isModal && style == .custom {
            throw CLIError.usage("the custom style applies to present and dismiss only")
        }
        return style
    }
}
