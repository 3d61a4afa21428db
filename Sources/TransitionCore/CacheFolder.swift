/// The user's cache folder of the catalog, where the scan cache, the font cache and the traces
/// of failing validation runs live: `$XDG_CACHE_HOME/transition-catalog` when that variable is
/// set and not empty, else `~/.cache/transition-catalog`.
public enum CacheFolder {
    /// The folder for `environment`; nil when neither `XDG_CACHE_HOME` nor `HOME` is set.
    public static func path(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/transition-catalog" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/transition-catalog" }
        return nil
    }
}
