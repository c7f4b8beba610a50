import CCrypto
import Foundation

/// SHA-256 (FIPS 180-4), for checking model files against their manifests before a C engine
/// reads them, and the files that come with a model (Piper's phoneme table).
///
/// The hashing is OpenSSL's: libcrypto's EVP digest API from Debian's libssl-dev, the
/// implementation everyone trusts for it (it uses the processor's SHA instructions where there
/// are any, in debug builds too). It lives here and not in OzenKit because OzenKit takes no C
/// library.
///
/// A value like any other: a copy goes on from the same bytes on its own (the OpenSSL context is
/// copied on write), so it can be handed between tasks.
public struct SHA256: Sendable {
    private var context: Context

    public init() { context = Context() }

    public mutating func update(_ data: some Collection<UInt8>) {
        if data.isEmpty { return }
        let context = uniqueContext()
        let done: Void? = data.withContiguousStorageIfAvailable { context.absorb(UnsafeRawBufferPointer($0)) }
        if done == nil { Array(data).withUnsafeBytes { context.absorb($0) } }
    }

    /// The 32-byte digest of everything given so far; the value then starts over, empty.
    public mutating func finalize() -> [UInt8] {
        uniqueContext().finish()
    }

    public static func hexDigest(_ data: some Collection<UInt8>) -> String {
        var h = SHA256()
        h.update(data)
        return hex(h.finalize())
    }

    /// Reads the file a MiB at a time into one buffer, so a 3 GB model never sits in memory
    /// whole. One buffer rather than FileHandle's fresh MiB of Data per read: those page faults
    /// doubled the time of `ozen models verify`.
    public static func hexDigest(ofFileAt path: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var h = SHA256()
        do {
            let context = h.uniqueContext()
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
            defer { buffer.deallocate() }
            while true {
                let count = read(handle.fileDescriptor, buffer.baseAddress, buffer.count)
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                context.absorb(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
        }
        return hex(h.finalize())
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes { text.append(digits[Int(byte >> 4)]); text.append(digits[Int(byte & 0x0f)]) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The context this value alone holds, copied first if a copy of the value shares it.
    private mutating func uniqueContext() -> Context {
        if !isKnownUniquelyReferenced(&context) { context = Context(copying: context) }
        return context
    }

    /// One `EVP_MD_CTX`, freed with the last value that holds it. Unchecked Sendable: it is
    /// written only through `uniqueContext()`, that is only while a single value holds it; a
    /// context that values share is only read, by `EVP_MD_CTX_copy_ex` (which takes it const).
    // @unchecked: an OpenSSL EVP_MD_CTX pointer, written only while one value holds it (see above).
    private final class Context: @unchecked Sendable {
        let pointer: OpaquePointer

        init() {
            guard let pointer = EVP_MD_CTX_new() else { fatalError("OpenSSL could not allocate a digest context") }
            self.pointer = pointer
            start()
        }

        init(copying other: Context) {
            guard let pointer = EVP_MD_CTX_new() else { fatalError("OpenSSL could not allocate a digest context") }
            self.pointer = pointer
            Self.check(EVP_MD_CTX_copy_ex(pointer, other.pointer), "EVP_MD_CTX_copy_ex")
        }

        deinit { EVP_MD_CTX_free(pointer) }

        func start() {
            Self.check(EVP_DigestInit_ex(pointer, EVP_sha256(), nil), "EVP_DigestInit_ex(SHA-256)")
        }

        func absorb(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            Self.check(EVP_DigestUpdate(pointer, base, bytes.count), "EVP_DigestUpdate")
        }

        func finish() -> [UInt8] {
            var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            Self.check(EVP_DigestFinal_ex(pointer, &digest, &length), "EVP_DigestFinal_ex")
            precondition(length == 32, "OpenSSL's SHA-256 gave a \(length)-byte digest")
            start()
            return Array(digest.prefix(32))
        }

        /// OpenSSL's digest calls return 1 on success; SHA-256 from the default provider only
        /// fails when memory runs out or the library is broken, and a wrong digest is worse.
        private static func check(_ result: Int32, _ call: String) {
            precondition(result == 1, "OpenSSL's \(call) failed")
        }
    }
}
