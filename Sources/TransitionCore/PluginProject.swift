#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A new plugin project, as `catalog new NAME --lang c|swift|rust [--target wasm]` writes it: a build file, one
/// animator with a parameter, per-transition state and a view it makes, a README, a transitions
/// file and a Makefile whose `test` target builds the plugin and runs `catalog validate` on it.
/// Pure: it says which files hold what; the command writes them.
public struct PluginProject: Sendable {
    /// A language a project can be written in.
    public enum Language: String, Sendable, CaseIterable {
        /// C, built with make and the system C compiler.
        case c
        /// Swift, built with SwiftPM against the Swift plugin SDK.
        case swift
        /// Rust, built with cargo against the Rust SDK.
        case rust
    }

    /// The plugin door a project builds for.
    public enum Target: String, Sendable, CaseIterable {
        /// A shared library (`.so`), loaded with dlopen.
        case native
        /// A WebAssembly module (`.wasm`), run sandboxed in the host's process.
        case wasm
    }

    /// Where the project's build finds what it needs.
    public struct Locations: Sendable {
        /// The directory holding transition_catalog.h (used when pkg-config does not know it).
        public var includeDirectory: String
        /// The directory holding the SDKs (`rust/`, `swift/`).
        public var sdkDirectory: String
        /// The `catalog` executable the `test` target runs.
        public var catalogExecutable: String

        /// Locations for a project.
        public init(includeDirectory: String, sdkDirectory: String, catalogExecutable: String) {
            self.includeDirectory = includeDirectory
            self.sdkDirectory = sdkDirectory
            self.catalogExecutable = catalogExecutable
        }
    }

    /// Why a name cannot be used.
    public struct NameError: Error, Sendable, CustomStringConvertible {
        /// What is wrong and what to do.
        public var description: String
    }

    /// The project's name: the animator id, the library's name and the directory's default name.
    public var name: String
    /// Its language.
    public var language: Language
    /// The door it builds for.
    public var target: Target
    /// Where its build finds the header, the SDKs and `catalog`.
    public var locations: Locations

    /// A project named `name`, which must be kebab-case: a lower-case letter, then lower-case
    /// letters, digits and single hyphens, at most 40 characters, not ending with a hyphen.
    /// `target` wasm is written for C and Swift (Embedded Swift): a Rust standard library for
    /// wasm32 is not available to a project made here.
    public init(name: String, language: Language, target: Target = .native, locations: Locations) throws(NameError) {
        try Self.check(name: name)
        guard target == .native || language != .rust else {
            throw NameError(description: "--target wasm is for --lang c or swift: a Rust plugin for wasm32 needs Rust's wasm32 standard library, which this toolchain does not have")
        }
        self.name = name
        self.language = language
        self.target = target
        self.locations = locations
    }

    /// Checks a project name.
    public static func check(name: String) throws(NameError) {
        let scalars = Array(name.unicodeScalars)
        let lower = { (c: Unicode.Scalar) in c >= "a" && c <= "z" }
        let digit = { (c: Unicode.Scalar) in c >= "0" && c <= "9" }
        let valid = !scalars.isEmpty && scalars.count <= 40 && lower(scalars[0]) && scalars.last != "-"
            && scalars.allSatisfy { lower($0) || digit($0) || $0 == "-" } && !name.contains("--")
        guard valid else {
            throw NameError(description: "'\(DisplayText.escape(name))' is not a usable plugin name: use kebab-case, a lower-case letter then lower-case letters, digits and single hyphens (at most 40), like 'card-stack'")
        }
    }

    /// The name in UpperCamelCase, for Swift: "card-stack" is "CardStack".
    public var typeName: String {
        name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The name in snake_case, for C and Rust identifiers: "card-stack" is "card_stack".
    public var snakeName: String { name.replacing("-", with: "_") }

    /// The plugin's id.
    public var pluginID: String { "org.example." + name }

    /// The plugin library the build makes, relative to the project directory.
    public var libraryPath: String {
        switch language {
        case .c: target == .wasm ? "\(name).wasm" : "lib\(name).so"
        case .rust: "target/debug/lib\(snakeName).so"
        case .swift: target == .wasm ? "\(name).wasm" : ".build/debug/lib\(typeName).so"
        }
    }

    /// Every file of the project: a path relative to the project directory, and its contents.
    public var files: [(path: String, contents: String)] {
        var files: [(String, String)]
        switch language {
        case .c:
            files = [("\(name).c", PluginProjectTemplates.cSource), ("Makefile", target == .wasm ? PluginProjectTemplates.cWasmMakefile : PluginProjectTemplates.cMakefile)]
        case .swift:
            files = [
                ("Package.swift", PluginProjectTemplates.swiftPackage),
                ("Sources/\(typeName)/\(typeName).swift", PluginProjectTemplates.swiftSource),
                ("Makefile", target == .wasm ? PluginProjectTemplates.swiftWasmMakefile : PluginProjectTemplates.swiftMakefile),
                (".gitignore", target == .wasm ? ".build/\n*.wasm\n" : ".build/\n"),
            ]
            if target == .wasm { files.append(("binding.c", PluginProjectTemplates.swiftWasmBinding)) }
        case .rust:
            files = [
                ("Cargo.toml", PluginProjectTemplates.rustManifest),
                ("src/lib.rs", PluginProjectTemplates.rustSource),
                ("Makefile", PluginProjectTemplates.rustMakefile),
                (".gitignore", "/target/\n"),
            ]
        }
        files += [("README.md", PluginProjectTemplates.readme), ("transitions.json", PluginProjectTemplates.transitions)]
        return files.map { ($0.0, fill($0.1)) }
    }

    /// A template with its placeholders replaced.
    private func fill(_ template: String) -> String {
        let values: [(String, String)] = [
            ("{{NAME}}", name), ("{{TYPE}}", typeName), ("{{SNAKE}}", snakeName), ("{{PLUGIN_ID}}", pluginID),
            ("{{LIBRARY}}", libraryPath), ("{{LANGUAGE}}", language.rawValue),
            ("{{INCLUDE}}", locations.includeDirectory), ("{{SDK}}", locations.sdkDirectory),
            ("{{CATALOG}}", locations.catalogExecutable),
        ]
        return values.reduce(template) { $0.replacing($1.0, with: $1.1) }
    }
}
