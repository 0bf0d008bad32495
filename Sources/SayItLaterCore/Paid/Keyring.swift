import Foundation
import MarkdownStore
#if canImport(Security)
import Security
#endif

/// A system keyring holding one secret for say: the lock's passcode check.
///
/// On macOS the Keychain, through the Security framework in this process. On Linux the Secret
/// Service (GNOME Keyring, KWallet), through libsecret's `secret-tool`, which reads the secret
/// on its standard input, so say links no desktop library. Either way the check is never on a
/// command line, where every user could see it in `ps`.
public protocol Keyring: Sendable {
    /// How the keyring is named to the person: "the system keyring (Secret Service)".
    var name: String { get }
    /// The stored secret, or nil when there is none.
    /// - Throws: `LockError.keyringUnreachable` when the keyring cannot be asked.
    func read() throws -> String?
    /// Stores the secret, replacing any earlier one.
    /// - Throws: `LockError.keyring` when the keyring refuses.
    func write(_ secret: String) throws
    /// Removes the secret; none stored is not an error.
    func delete() throws
}

/// Chooses the keyring for this machine, or nil to keep the lock in a file.
public enum SystemKeyring {
    /// The Keychain on macOS; the Secret Service through `secret-tool` when it is installed
    /// and a session bus is reachable (Linux desktops); else nil. `SAY_KEYRING=off` in the
    /// environment always chooses the file.
    ///
    /// - Parameter environment: the process environment (PATH, DBUS_SESSION_BUS_ADDRESS,
    ///   XDG_RUNTIME_DIR, SAY_KEYRING).
    public static func find(environment: [String: String]) -> Keyring? {
        if environment["SAY_KEYRING"]?.lowercased() == "off" { return nil }
        #if canImport(Security)
        return MacKeychain()
        #else
        return secretService(environment: environment)
        #endif
    }

    static func secretService(environment: [String: String]) -> Keyring? {
        guard let tool = ProgramSearch.path(of: "secret-tool", environment: environment) else { return nil }
        let bus = environment["DBUS_SESSION_BUS_ADDRESS"].map { !$0.isEmpty } ?? false
        let runtimeBus = environment["XDG_RUNTIME_DIR"].map { FileManager.default.fileExists(atPath: $0 + "/bus") } ?? false
        guard bus || runtimeBus else { return nil }
        return SecretServiceKeyring(tool: tool, environment: environment)
    }
}

/// The Secret Service (GNOME Keyring, KWallet) through libsecret's `secret-tool`.
struct SecretServiceKeyring: Keyring {
    let tool: String
    let environment: [String: String]
    var name: String { "the system keyring (Secret Service)" }
    private let attributes = ["application", "say-it-later", "item", "lock"]

    func read() throws -> String? {
        let result = try ToolRun.run(tool, ["lookup"] + attributes, environment: environment)
        if result.status == 0 { return result.output.trimmingCharacters(in: .whitespacesAndNewlines) }
        // secret-tool says nothing and exits 1 when there is simply no such item.
        if result.error.isEmpty { return nil }
        throw LockError.keyringUnreachable(result.error)
    }

    func write(_ secret: String) throws {
        let result = try ToolRun.run(tool, ["store", "--label=Say It Later lock"] + attributes, input: secret, environment: environment)
        guard result.status == 0 else { throw LockError.keyring(result.error.isEmpty ? "secret-tool exited \(result.status)" : result.error) }
    }

    func delete() throws {
        let result = try ToolRun.run(tool, ["clear"] + attributes, environment: environment)
        guard result.status == 0 || result.error.isEmpty else { throw LockError.keyring(result.error) }
    }
}

#if canImport(Security)
/// The macOS Keychain, through the Security framework: a generic password item (account
/// `say-it-later`, service `Say It Later lock`) in the login keychain. Nothing is passed on a
/// command line; the secret goes from this process to the Keychain and back.
struct MacKeychain: Keyring {
    var name: String { "the macOS Keychain" }

    /// The item's identity, shared by every call.
    private var query: [String: Any] {
        [kSecClass as String: kSecClassGenericPassword,
         kSecAttrAccount as String: "say-it-later",
         kSecAttrService as String: "Say It Later lock"]
    }

    /// Calls `SecItemCopyMatching`.
    func read() throws -> String? {
        var search = query
        search[kSecReturnData as String] = true
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(search as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            guard let data = result as? Data else { throw LockError.keyring("the Keychain item holds no data") }
            return String(decoding: data, as: UTF8.self)
        case errSecItemNotFound:
            return nil
        default:
            throw LockError.keyringUnreachable(Self.message(status))
        }
    }

    /// Calls `SecItemUpdate`, or `SecItemAdd` when there is no item yet.
    func write(_ secret: String) throws {
        let data = Data(secret.utf8)
        let updated = SecItemUpdate(query as CFDictionary, [kSecValueData as String: data] as CFDictionary)
        if updated == errSecSuccess { return }
        guard updated == errSecItemNotFound else { throw LockError.keyring(Self.message(updated)) }
        var item = query
        item[kSecAttrLabel as String] = "Say It Later lock"
        item[kSecValueData as String] = data
        let added = SecItemAdd(item as CFDictionary, nil)
        guard added == errSecSuccess else { throw LockError.keyring(Self.message(added)) }
    }

    /// Calls `SecItemDelete`; no item is not an error.
    func delete() throws {
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw LockError.keyring(Self.message(status)) }
    }

    /// The Keychain's own words for a status, from `SecCopyErrorMessageString`.
    private static func message(_ status: OSStatus) -> String {
        (SecCopyErrorMessageString(status, nil) as String?) ?? "Keychain error \(status)"
    }
}
#endif

/// Runs a keyring tool and collects what it says.
enum ToolRun {
    /// One pipe's bytes, written by one reader thread and read after `group.wait()`.
    private final class Collected: @unchecked Sendable {
        var data = Data()
    }

    struct Result {
        let status: Int32
        let output: String
        let error: String
    }

    /// - Parameter timeout: long enough for a person to answer the keyring's own unlock prompt.
    static func run(_ tool: String, _ arguments: [String], input: String? = nil, environment: [String: String]?,
                    timeout: TimeInterval = 120) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw LockError.keyringUnreachable("could not start \(tool)")
        }
        if let input {
            // A tool that exits without reading its input must not take say down with SIGPIPE:
            // the write fails instead (EPIPE), and the tool's own status tells what happened.
            let previous = signal(SIGPIPE, SIG_IGN)
            try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            signal(SIGPIPE, previous)
        }
        try? stdin.fileHandleForWriting.close()
        // Both pipes are small (a line each); read them after exit on a helper queue so a
        // full pipe can never stall the tool.
        let group = DispatchGroup()
        let out = Collected(), err = Collected()
        group.enter()
        DispatchQueue.global().async { out.data = stdout.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { err.data = stderr.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw LockError.keyringUnreachable("\((tool as NSString).lastPathComponent) did not answer in time")
        }
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus,
                      output: String(decoding: out.data, as: UTF8.self),
                      error: String(decoding: err.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
