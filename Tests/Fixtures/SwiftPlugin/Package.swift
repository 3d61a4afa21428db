// swift-tools-version: 6.1
import PackageDescription

// A plugin written in Swift outside the Transition Catalog package, as an author would: it uses
// the SDK through `.package(path:)` and builds a dynamic library.
let package = Package(
    name: "CardStack",
    products: [
        .library(name: "CardStack", type: .dynamic, targets: ["CardStack"]),
    ],
    dependencies: [
        .package(path: "../../../sdk/swift"),
    ],
    targets: [
        .target(name: "CardStack", dependencies: [.product(name: "TransitionPluginSDK", package: "swift")]),
    ],
    swiftLanguageModes: [.v6]
)
