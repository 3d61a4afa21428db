/// A plugin's identity.
public struct PluginInfo: Sendable {
    /// Reverse-DNS, stable across versions: "org.example.transitions".
    public var id: String
    /// Display name.
    public var name: String
    /// Who makes it.
    public var vendor: String
    /// The plugin's own version: "1.2.0".
    public var version: String
    /// One paragraph.
    public var description: String
    /// SPDX expression: "MIT", "Apache-2.0".
    public var license: String

    /// A plugin identity.
    public init(id: String, name: String, vendor: String, version: String, description: String, license: String) {
        self.id = id
        self.name = name
        self.vendor = vendor
        self.version = version
        self.description = description
        self.license = license
    }
}
