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

/// The seller's tool: makes the Ed25519 key pair and signs licence keys. The private key
/// stays in a file on the seller's computer; `say` holds only the public key.
@main
struct LicenceSigner: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say-licence-signer",
        abstract: "Make Say It Later licence keys (for the seller).",
        discussion: """
            A licence key is SIL1-<payload>.<signature>: the payload's bytes and the 64-byte \
            Ed25519 signature of them, each in unpadded base64url. The README ("Licence keys") \
            documents the payload.

              say-licence-signer generate-keys --private-key seller.key
              say-licence-signer sign --private-key seller.key --licence SIL-2026-0001 --name "Sam Example"
            """,
        subcommands: [GenerateKeys.self, PublicKey.self, Sign.self])
}

/// `--private-key PATH`, shared by every subcommand.
struct PrivateKeyOption: ParsableArguments {
    @Option(help: ArgumentHelp("The private key file: base64 of the raw 32-byte Ed25519 key, one line.", valueName: "path"))
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
    struct GenerateKeys: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a new key pair: writes the private key file (0600) and prints the public key.",
            discussion: "The file must not exist yet. Put the printed public key in LicenceVerifier.productionPublicKey.")

        @OptionGroup var key: PrivateKeyOption

        func run() throws {
            let signingKey = LicenceSigningKey()
            let fd = open(key.privateKey, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                throw SignerError("cannot create \(key.privateKey): \(String(cString: strerror(errno))) (it must not exist yet)")
            }
            let bytes = Array(signingKey.fileText.utf8)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            let synced = fsync(fd) == 0
            close(fd)
            guard written == bytes.count, synced else { throw SignerError("cannot write \(key.privateKey)") }
            print(signingKey.publicKey)
        }
    }

    struct PublicKey: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the public key of a private key file.")

        @OptionGroup var key: PrivateKeyOption

        func run() throws {
            print(try key.load().publicKey)
        }
    }

    struct Sign: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a signed licence key.")

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
