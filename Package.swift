// swift-tools-version:6.0
// Ozen: live captions of conversation, on this computer.
//
// Layers, from pure policy to the command line:
//   OzenKit      pure Swift, no C: audio decoding and math, caption events, model catalog
//   OzenEngines  whisper.cpp and sherpa-onnx behind OzenKit's protocols; the installed
//                models they load, checked first (SHA-256 from OpenSSL's libcrypto)
//   OzenStore    conversation history in SQLite
//   OzenIO       microphones, what the computer plays (libpulse), the web display's server, desktop notifications, QR codes
//                (libqrencode)
//   OzenSessions the sessions the commands run, built from settings values: `ozen serve`'s
//                home server, the caption pipeline's setup, the reports the server answers,
//                the benches and evals
//   ozen         the command-line tool, thin: arguments in, settings built, results printed
// C libraries are `.systemLibrary` targets found through pkg-config files that
// scripts/setup.sh writes into /usr/local/lib/pkgconfig.
import PackageDescription

let package = Package(
    name: "Ozen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "ozen", targets: ["ozen"]),
        .executable(name: "ozen-window", targets: ["ozen-window"]),
        .library(name: "OzenKit", targets: ["OzenKit"]),
    ],
    targets: [
        .systemLibrary(name: "CWhisper", pkgConfig: "ozen-whisper"),
        .systemLibrary(name: "CSherpaOnnx", pkgConfig: "ozen-sherpa-onnx"),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3"),
        .systemLibrary(name: "CCivetWeb", pkgConfig: "ozen-civetweb"),
        .systemLibrary(name: "CPortAudio", pkgConfig: "portaudio-2.0"),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng"),
        .systemLibrary(name: "COpenBLAS", pkgConfig: "ozen-blis"),
        .systemLibrary(name: "CNotify", pkgConfig: "libnotify"),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto"),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode"),
        .systemLibrary(name: "CPulse", pkgConfig: "ozen-pulse"),
        .systemLibrary(name: "CWebKitGTK", pkgConfig: "ozen-webkitgtk"),
        // Silences the ALSA/JACK messages PortAudio's device scan prints when no card exists.
        .target(name: "CAudioQuiet"),

        .target(name: "OzenKit", resources: [.copy("Models/Catalogue/whisper-models.json")]),
        .target(name: "OzenEngines", dependencies: ["OzenKit", "CWhisper", "CSherpaOnnx", "CEspeakNG", "COpenBLAS", "CCrypto"]),
        .target(name: "OzenStore", dependencies: ["OzenKit", "CSQLite"]),
        .target(name: "OzenIO", dependencies: ["OzenKit", "CCivetWeb", "CPortAudio", "CNotify", "CAudioQuiet", "CQREncode", "CPulse"]),
        .target(name: "OzenSessions", dependencies: ["OzenKit", "OzenEngines", "OzenStore", "OzenIO"]),
        .executableTarget(name: "ozen", dependencies: ["OzenKit", "OzenEngines", "OzenStore", "OzenIO", "OzenSessions"]),
        // The caption window over a call: GTK and WebKit in a program of their own, so `ozen`
        // itself never loads them and a window that fails takes no captions down with it.
        .executableTarget(name: "ozen-window", dependencies: ["OzenKit", "CWebKitGTK"]),

        .target(name: "OzenTestSupport", dependencies: ["OzenKit"], path: "Tests/OzenTestSupport"),
        .testTarget(name: "OzenKitTests", dependencies: ["OzenKit", "OzenTestSupport"]),
        .testTarget(name: "OzenEnginesTests", dependencies: ["OzenKit", "OzenEngines", "OzenTestSupport"]),
        .testTarget(name: "OzenStoreTests", dependencies: ["OzenStore"]),
        .testTarget(name: "OzenIOTests", dependencies: ["OzenKit", "OzenIO", "OzenTestSupport"]),
        .testTarget(name: "OzenSessionsTests", dependencies: ["OzenKit", "OzenIO", "OzenSessions", "OzenTestSupport"]),
        // The desktop tests run these two helper windows as programs, from their own folder.
        .testTarget(name: "OzenCommandTests", dependencies: ["OzenKit", "OzenIO", "OzenTestSupport"],
                    exclude: ["Desktop/terminal_reader.py", "Desktop/text_window.py"]),
    ],
    swiftLanguageModes: [.v6]
)
