import Foundation

/// Memory the process freed, handed back to the system (glibc's `malloc_trim`): the C
/// allocator keeps freed blocks for reuse, so after several streams' pipelines end the server
/// would otherwise hold their peak for good. Looked up at run time, since Swift's Glibc
/// module does not declare it.
enum FreedMemory {
    private typealias Trim = @convention(c) (Int) -> Int32
    private static let trim: Trim? = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim")
        .map { unsafeBitCast($0, to: Trim.self) }

    static func giveBack() { _ = trim?(0) }
}
