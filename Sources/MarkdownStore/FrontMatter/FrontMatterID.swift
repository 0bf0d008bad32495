/// The `id:` of a document's front matter, read the quick way history and sync read it: the
/// `id:` line of the block between the opening `---` and the closing one, lowercased, quotes
/// removed. Nil when there is none.
public enum FrontMatterID {
    public static func of(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { GitPathHistory.frontMatterID($0) }
    }
}
