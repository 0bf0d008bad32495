/// The licence signing keys a release build of say trusts. This file is the whole list.
///
/// One line per signing key, `<key id> <Ed25519 public key, base64>`: exactly the line
/// `say-licence-signer keygen` prints. The README's "Selling keys" explains the rules:
///
/// - Adding a line never invalidates a key signed by another line, so a new signing key is
///   simply added (for example, one per year, or when the seller changes computers).
/// - A line is removed only when its private key was compromised: every key it ever signed
///   stops working in the next release, honest buyers' included, who are then issued new keys.
/// - Lines starting with `#` are comments.
///
/// The list is empty until the seller makes the first key pair (README, "Selling keys",
/// step 1): no key pair was ever kept for the format that came before, so nothing signed
/// with one can be trusted. Debug builds also trust the line in `SAY_LICENCE_TEST_SIGNER`
/// (tests make their own key pairs); release builds never read it.
public enum TrustedLicenceSigners {
    public static let release = """
        """
}
