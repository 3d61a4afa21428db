// swift-tools-version: 6.1
import PackageDescription

// The Swift SDK for Transition Catalog plugins. It depends on nothing but the plugin header
// (include/transition_catalog.h, linked into Sources/CTransitionCatalog), so a plugin package uses
// it with `.package(path: ".../sdk/swift")` and builds offline.
let package = Package(
    name: "TransitionPluginSDK",
    products: [
        .library(name: "TransitionPluginSDK", targets: ["TransitionPluginSDK"]),
    ],
    targets: [
        .systemLibrary(name: "CTransitionCatalog"),
        .target(name: "TransitionPluginSDK", dependencies: ["CTransitionCatalog"]),
    ],
    swiftLanguageModes: [.v6]
)
