// swift-tools-version:6.0
// Ozen: live captions of conversation, on this computer.
//
// Layers, from pure policy to the command line:
//   OzenKit      pure Swift, no C: audio decoding and math, caption events, model catalog
//   OzenEngines  whisper.cpp and sherpa-onnx behind OzenKit's protocols
//   OzenStore    conversation history in SQLite (grows with the history work)
//   ozen         the command-line tool, thin
// C libraries are `.systemLibrary` targets found through pkg-config files that
// scripts/setup.sh writes into /usr/local/lib/pkgconfig.
import PackageDescription

let package = Package(
    name: "Ozen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "ozen", targets: ["ozen"]),
        .library(name: "OzenKit", targets: ["OzenKit"]),
    ],
    targets: [
        .systemLibrary(name: "CWhisper", pkgConfig: "ozen-whisper"),
        .systemLibrary(name: "CSherpaOnnx", pkgConfig: "ozen-sherpa-onnx"),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3"),

        .target(name: "OzenKit"),
        .target(name: "OzenEngines", dependencies: ["OzenKit", "CWhisper", "CSherpaOnnx"]),
        .target(name: "OzenStore", dependencies: ["OzenKit", "CSQLite"]),
        .executableTarget(name: "ozen", dependencies: ["OzenKit", "OzenEngines", "OzenStore"]),

        .target(name: "OzenTestSupport", dependencies: ["OzenKit"], path: "Tests/OzenTestSupport"),
        .testTarget(name: "OzenKitTests", dependencies: ["OzenKit", "OzenTestSupport"]),
        .testTarget(name: "OzenEnginesTests", dependencies: ["OzenKit", "OzenEngines", "OzenTestSupport"]),
        .testTarget(name: "OzenStoreTests", dependencies: ["OzenStore"]),
        .testTarget(name: "OzenCommandTests", dependencies: ["OzenKit", "OzenTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
