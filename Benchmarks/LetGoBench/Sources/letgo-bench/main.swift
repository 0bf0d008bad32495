// A tiny driver for the benchmark and for crash tests: runs one wrapper operation on a repository.
//   letgo-bench purge REPO PATH...      let go of the entries at these paths
//   letgo-bench resume REPO             finish a pending purge
//   letgo-bench commit REPO MESSAGE PATH...
import Foundation
import MarkdownStore

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write("usage: letgo-bench purge|resume|commit REPO ...\n".data(using: .utf8)!)
    exit(64)
}
do {
    guard let repository = try GitRepository.open(at: arguments[2]) else {
        FileHandle.standardError.write("not a repository\n".data(using: .utf8)!)
        exit(1)
    }
    switch arguments[1] {
    case "purge":
        try repository.purge(entryPaths: Set(arguments.dropFirst(3)))
    case "resume":
        print(try repository.resumePendingPurge())
    case "commit":
        let id = try repository.commit(paths: Array(arguments.dropFirst(4)), message: arguments[3])
        print(id.map(\.description) ?? "nothing to commit")
    default:
        exit(64)
    }
} catch let error as GitError {
    FileHandle.standardError.write("\(error.errorDescription ?? "") - \(error.message)\n".data(using: .utf8)!)
    exit(1)
} catch {
    FileHandle.standardError.write("\(error.localizedDescription)\n".data(using: .utf8)!)
    exit(1)
}
