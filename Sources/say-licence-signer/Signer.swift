#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("Unsupported platform")
#endif
import ArgumentParser
import Foundation
import SayItLaterCore

/// The seller's tool: makes signing key pairs and signs licence keys. A private key stays in a
/// file on the seller's offline computer; `say` holds only public keys
/// (`TrustedLicenceSigners.swift`).
@main
struct LicenceSigner: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say-licence-signer",
        abstract: "Make Say It Later licence keys (for the seller).",
        discussion: """
            A licence key is SIL1-<key id>.<payload>.<signature>: the id of the signing key, the \
            payload's bytes and the 64-byte Ed25519 signature, each in unpadded base64url. The \
            README ("Selling keys") is the seller's guide.

              say-licence-signer keygen --key-id 2026a --private-key seller-2026a.key
              say-licence-signer sign --private-key seller-2026a.key --licence SIL-2026-0001 --name "Sam Example"
            """,
        subcommands: [Keygen.self, PublicKey.self, Sign.self])
}

/// `--private-key PATH`, shared by every subcommand.
struct PrivateKeyOption: ParsableArguments {
    @Option(help: ArgumentHelp("The private key file (keygen writes it, readable only by you).", valueName: "path"))
    var privateKey: String

    func load() throws -> LicenceSigningKey {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: privateKey))
        } catch {
            throw SignerError("cannot read the private key file \(privateKey)")
        }
        do {
            return try LicenceSigningKey(fileText: String(decoding: data, as: UTF8.self))
        } catch {
            throw SignerError("\(privateKey): \((error as? LocalizedError)?.errorDescription ?? "\(error)")")
        }
    }
}

extension LicenceSigner {
    struct Keygen: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a new signing key pair: writes the private key file (0600) and prints the line that trusts it.",
            discussion: """
                The file must not exist yet. The private key is never printed. Standard output is \
                one line, `<key id> <public key>`: add it to \
                Sources/SayItLaterCore/Paid/TrustedLicenceSigners.swift, and releases built from \
                then on accept the keys it signs. Keys signed with older lines keep working.
                """,
            aliases: ["generate-keys"])

        @Option(name: .customLong("key-id"), help: ArgumentHelp("The new key's id, carried in every key it signs: 1 to 16 of a-z, 0-9 and '-'.",
                                   valueName: "id"))
        var keyID: String

        @OptionGroup var key: PrivateKeyOption

        func run() throws {
            let signingKey: LicenceSigningKey
            do {
                signingKey = try LicenceSigningKey(id: keyID)
            } catch {
                throw SignerError((error as? LocalizedError)?.errorDescription ?? "\(error)")
            }
            let fd = open(key.privateKey, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                throw SignerError("cannot create \(key.privateKey): \(String(cString: strerror(errno))) (it must not exist yet)")
            }
            let bytes = Array(signingKey.fileText.utf8)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            let synced = fsync(fd) == 0
            close(fd)
            guard written == bytes.count, synced else {
                unlink(key.privateKey)
                throw SignerError("cannot write \(key.privateKey)")
            }
            print(signingKey.signer.line)
            FileHandle.standardError.write(Data("""
                Wrote the private key to \(key.privateKey) (readable only by you). Keep it offline, with two backups.
                Add the line above to Sources/SayItLaterCore/Paid/TrustedLicenceSigners.swift to trust it.

                """.utf8))
        }
    }

    struct PublicKey: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the `<key id> <public key>` line of a private key file again.")

        @OptionGroup var key: PrivateKeyOption

        func run() throws {
            print(try key.load().signer.line)
        }
    }

    struct Sign: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a licence key signed with the private key file's key (and its key id).")

        @OptionGroup var key: PrivateKeyOption

        @Option(help: ArgumentHelp("The licence id: 1 to 64 of A-Z a-z 0-9 - _ .", valueName: "id"))
        var licence: String

        @Option(help: ArgumentHelp("The issue day, YYYY-MM-DD. Default: today (UTC).", valueName: "day"))
        var issued: String?

        @Option(help: ArgumentHelp("Who it is for, shown by `say licence` (optional).", valueName: "name"))
        var name: String?

        @Option(help: ArgumentHelp("The product. Only say-it-later keys unlock say.", valueName: "product"))
        var product = Licence.thisProduct

        func run() throws {
            let day = issued ?? {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = TimeZone(identifier: "UTC")
                formatter.dateFormat = "yyyy-MM-dd"
                return formatter.string(from: Date())
            }()
            let payload: Licence
            do {
                payload = try Licence(product: product, id: licence, issued: day, name: name)
            } catch {
                throw SignerError((error as? LocalizedError)?.errorDescription ?? "\(error)")
            }
            print(try key.load().sign(payload))
        }
    }
}

/// A failure explained to the seller: printed as `Error: <message>`, exit status 1.
struct SignerError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
