import Foundation

/// Runs one piece of work on its own thread; `wait()` returns its result (or rethrows).
///
/// A purge has two jobs that do not depend on the history rewrite and take a good part of its
/// time: libgit2's index work, and the pack checksum (hashed while the pack is flushed to disk).
/// The work closure and its result are handed over exactly once, guarded by the semaphore, hence
/// `@unchecked Sendable`. The caller must `wait()` before anything the work borrows goes away;
/// `deinit` waits too, as a safety net.
final class GitBackgroundJob<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var work: (() throws -> Value)?
    private var result: Result<Value, any Error>?
    private var finished = false

    init(_ work: @escaping () throws -> Value) {
        self.work = work
        let thread = Thread { [self] in
            let work = self.work
            self.work = nil
            self.result = Result { try work!() }  // set in init, taken once here
            self.done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    deinit {
        if !finished { done.wait() }
    }

    /// Blocks until the work has finished, then returns its value or throws its error.
    func wait() throws -> Value {
        if !finished {
            done.wait()
            finished = true
        }
        return try result!.get()  // set by the thread before it signalled
    }
}
