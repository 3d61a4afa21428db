import ArgumentParser
import PluginHost
import TransitionCore

/// An error found while a command runs: printed as one line, with no usage text.
struct CLIError: Error, CustomStringConvertible {
    /// The message.
    let description: String

    init(_ description: String) { self.description = description }
}

/// Turns command-line names into an operation, an animator and parameter values, with one-line
/// errors that suggest what was probably meant.
enum Resolution {
    static func operation(_ name: String) throws -> TransitionOperation {
        if let op = TransitionOperation(name: name) { return op }
        let names = TransitionOperation.allCases.map(\.name)
        let hint = Suggestions.closest(to: name, in: names).map { "did you mean '\($0)'? " } ?? ""
        throw CLIError("unknown operation '\(DisplayText.escape(name))'; \(hint)operations are \(names.joined(separator: ", "))")
    }

    /// Finds the animator in the index, checks the operation, then loads only its plugin.
    static func animator(_ reference: String, in index: PluginIndex, for operation: TransitionOperation? = nil) throws -> Animator {
        let found = try described(reference, in: index, for: operation)
        do {
            guard let animator = try PluginLibrary.load(path: found.pluginPath).animator(found.id) else {
                throw CLIError("\(DisplayText.escape(found.pluginPath)) no longer has animator '\(found.id)'; run with --no-cache")
            }
            return animator
        } catch let error as PluginError {
            throw CLIError(error.description)
        }
    }

    /// Finds the animator in the index and checks the operation, without loading its plugin.
    static func described(_ reference: String, in index: PluginIndex, for operation: TransitionOperation? = nil) throws -> AnimatorReference {
        guard let (plugin, description) = index.locate(reference) else {
            let ids = index.animators.map(\.animator.id)
            let hint = Suggestions.closest(to: reference, in: ids).map { "did you mean '\($0)'? " } ?? ""
            var message = "unknown animator '\(DisplayText.escape(reference))'; \(hint)run `catalog list` to see them all"
            if !index.errors.isEmpty { message += " (\(index.errors.count) plugin file(s) could not be loaded; `catalog list` shows why)" }
            throw CLIError(message)
        }
        if let operation, !description.supports(operation) {
            let others = index.animators.filter { $0.animator.supports(operation) }.map(\.animator.id)
            throw CLIError(
                "\(description.id) does not support \(operation); it supports \(description.operations.map(\.name).joined(separator: ", ")). "
                    + "Animators for \(operation): \(others.isEmpty ? "none" : others.joined(separator: ", "))")
        }
        return AnimatorReference(plugin: plugin, description: description)
    }

    static func parameters(_ assignments: [String], for animator: some DescribedAnimator) throws -> [Double] {
        var pairs: [(key: String, value: String)] = []
        for a in assignments {
            guard let eq = a.firstIndex(of: "="), eq != a.startIndex else {
                throw CLIError("--param takes KEY=VALUE, got '\(DisplayText.escape(a))'")
            }
            pairs.append((String(a[..<eq]), String(a[a.index(after: eq)...])))
        }
        do {
            return try animator.description.values(for: pairs)
        } catch {
            throw CLIError(error.description)
        }
    }

    static func size(_ text: String) throws -> Rect {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else {
            throw CLIError("--size takes WIDTHxHEIGHT in points, such as 390x844; got '\(DisplayText.escape(text))'")
        }
        guard w >= 1, h >= 1, w <= 10000, h <= 10000 else {
            throw CLIError("--size must be between 1x1 and 10000x10000 points; got \(text)")
        }
        return Rect(x: 0, y: 0, width: w, height: h)
    }

    static func style(_ name: String?, for animator: some DescribedAnimator, operation: TransitionOperation) throws -> PresentationStyle {
        guard let name else { return animator.description.defaultStyle(for: operation) }
        guard let style = PresentationStyle(name: name) else {
            throw CLIError("unknown style '\(DisplayText.escape(name))'; styles are full-screen and custom")
        }
        if operation.isModal && !animator.description.styles.contains(style) {
            throw CLIError("\(animator.id) does not serve the \(style) style; it serves \(animator.description.styles.map(\.name).joined(separator: ", "))")
        }
        if !operation.isModal && style == .custom {
            throw CLIError("the custom style applies to present and dismiss only")
        }
        return style
    }
}
