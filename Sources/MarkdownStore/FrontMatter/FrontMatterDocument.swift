import Yams

/// A Markdown file with optional YAML front matter: the unit the store reads and writes.
///
/// The front matter is kept as the text the file had, so keys the program does not know (and
/// comments) survive a rewrite; only the keys set through ``setting(_:to:)`` change. The body is
/// kept byte for byte.
public struct FrontMatterDocument: Sendable, Hashable {
    /// The YAML between the fences (LF line endings), or nil when the file has no front matter.
    public private(set) var frontMatter: String?
    /// Top-level keys whose values are scalars, as the scalar's text. Keys with list or mapping
    /// values stay in ``frontMatter`` but are not listed here.
    public private(set) var fields: [String: String]
    /// Everything after the closing fence, exactly as in the file.
    public var body: String

    /// A document with no front matter.
    public init(body: String) {
        self.frontMatter = nil
        self.fields = [:]
        self.body = body
    }

    /// A new document whose front matter holds `fields` in the given order.
    public init(fields: KeyValuePairs<String, String>, body: String) {
        self.init(body: body)
        for (key, value) in fields { self = setting(key, to: value) }
    }

    /// Parses a whole file.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - path: the file's path, used only in error messages.
    /// - Throws: `MarkdownStoreError` for text that is not UTF-8, an unterminated front matter,
    ///   YAML errors (with the line and column in the file) and front matter that is not a mapping.
    public static func parse(_ bytes: [UInt8], path: String) throws -> FrontMatterDocument {
        try bytes.withUnsafeBufferPointer { buffer in
            guard UTF8Validation.isText(buffer) else { throw MarkdownStoreError.notText(path: path) }
            let split = FrontMatterSplit(buffer)
            switch split.shape {
            case .noFrontMatter:
                return FrontMatterDocument(body: String(decoding: UnsafeBufferPointer(rebasing: buffer[split.contentStart...]), as: UTF8.self))
            case .unterminated:
                throw MarkdownStoreError.unterminatedFrontMatter(path: path)
            case let .complete(yaml, bodyStart):
                var document = FrontMatterDocument(body: String(decoding: UnsafeBufferPointer(rebasing: buffer[bodyStart...]), as: UTF8.self))
                let yamlText = String(decoding: UnsafeBufferPointer(rebasing: buffer[yaml]), as: UTF8.self)
                document.frontMatter = yamlText.replacingCRLF()
                document.fields = try FrontMatterFields.read(buffer, yaml, path: path)
                return document
            }
        }
    }

    /// The value of a top-level scalar key, if present.
    public subscript(key: String) -> String? { fields[key] }

    /// A copy with `key` set to `value`.
    ///
    /// An existing top-level `key:` line (and the lines that continue its value: indented lines,
    /// and `-` items of a list at the same level) is replaced in place; a new key is appended.
    /// Other lines, including unknown keys and comments, are untouched. If the YAML is shaped so
    /// that an edit in place would not read back (a quoted value spanning lines, say), the front
    /// matter is written out again from its parsed form: every key and value is kept, comments
    /// and layout are not.
    public func setting(_ key: String, to value: String) -> FrontMatterDocument {
        var copy = self
        let line = key + ": " + YAMLScalar.render(value)
        var lines = (frontMatter ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        if let start = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) {
            var end = start + 1
            while end < lines.count, lines[end].first == " " || lines[end].first == "\t" || lines[end].first == "-" { end += 1 }
            lines.replaceSubrange(start ..< end, with: [line])
        } else {
            lines.append(line)
        }
        copy.frontMatter = lines.joined(separator: "\n") + "\n"
        copy.fields[key] = value
        if let reread = copy.reparsedFields(), reread == copy.fields { return copy }
        return reserialised(setting: key, to: value) ?? copy
    }

    /// The fields the current front matter text reads as, or nil when it does not read.
    private func reparsedFields() -> [String: String]? {
        guard let frontMatter else { return [:] }
        let bytes = Array(frontMatter.utf8)
        return try? bytes.withUnsafeBufferPointer { try FrontMatterFields.read($0, 0 ..< $0.count, path: "") }
    }

    /// The front matter written out again by Yams with `key` set: the fallback of ``setting(_:to:)``.
    private func reserialised(setting key: String, to value: String) -> FrontMatterDocument? {
        guard case var .mapping(mapping)? = try? Yams.compose(yaml: frontMatter ?? "") else { return nil }
        mapping[Node(key)] = Node(value, Tag(.str), .doubleQuoted)
        guard let text = try? Yams.serialize(node: .mapping(mapping)) else { return nil }
        var copy = self
        copy.frontMatter = text.hasSuffix("\n") ? text : text + "\n"
        guard let reread = copy.reparsedFields() else { return nil }
        copy.fields = reread
        return copy
    }

    /// The file's text: the front matter between `---` fences (when there is any), then the body.
    public func rendered() -> String {
        guard let frontMatter else { return body }
        return "---\n" + frontMatter + "---\n" + body
    }
}

/// Reads the top-level scalar fields of a front matter block: the fast reader when it can,
/// Yams otherwise.
enum FrontMatterFields {
    /// The deepest nesting accepted before handing YAML to the parser, whose composer recurses.
    static let maximumNesting = 64

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ yaml: Range<Int>, path: String) throws -> [String: String] {
        if let fields = FastFields.parse(bytes, yaml) { return fields }
        return try withYams(bytes, yaml, path: path)
    }

    static func withYams(_ bytes: UnsafeBufferPointer<UInt8>, _ yaml: Range<Int>, path: String) throws -> [String: String] {
        let firstLine = lineNumber(of: yaml.lowerBound, in: bytes)
        if let deepLine = tooDeep(bytes, yaml) {
            throw MarkdownStoreError.invalidFrontMatter(
                path: path, line: firstLine + deepLine - 1, column: 1,
                reason: "nested more than \(maximumNesting) levels deep")
        }
        if YAMLAliasBound.expandsTooFar(UnsafeBufferPointer(rebasing: bytes[yaml])) {
            throw MarkdownStoreError.invalidFrontMatter(
                path: path, line: firstLine, column: 1,
                reason: "its aliases expand to more than \(YAMLAliasBound.maximumNodes) values")
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[yaml]), as: UTF8.self)
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            let (line, column, problem) = describe(error)
            throw MarkdownStoreError.invalidFrontMatter(path: path, line: firstLine + max(line, 1) - 1, column: max(column, 1), reason: problem)
        }
        guard let node else { return [:] }
        guard case let .mapping(mapping) = node else { throw MarkdownStoreError.frontMatterNotAMapping(path: path) }
        var fields: [String: String] = [:]
        for (key, value) in mapping {
            guard case let .scalar(keyScalar) = key, case let .scalar(valueScalar) = value else { continue }
            fields[keyScalar.string] = valueScalar.string
        }
        return fields
    }

    private static func describe(_ error: YamlError) -> (Int, Int, String) {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return (mark.line, mark.column, plain(problem))
        case let .reader(problem, _, _, _):
            return (1, 1, plain(problem))
        case let .duplicatedKeysInMapping(duplicates, context):
            // Named only when they are plain keys; never a library placeholder for a key that
            // is a list or a mapping.
            let named = duplicates.filter { key in
                !key.isEmpty && key.count <= 40 && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            }.sorted()
            let keys = named.isEmpty || named.count < duplicates.count ? "" : " (\(named.joined(separator: ", ")))"
            return (context.mark.line, context.mark.column, "a key appears more than once" + keys)
        default:
            return (1, 1, "unreadable YAML")
        }
    }

    /// A parser's problem in words for people: libyaml's few sentences that name its own API,
    /// or are not sentences at all, are replaced.
    static func plain(_ problem: String) -> String {
        if problem.contains("nesting level") || problem.contains("yaml_set_max_nest_level") { return "nested too deeply" }
        let odd = problem.contains("yaml_") || problem.contains("()") || problem.contains("<") || problem.isEmpty
            || !problem.allSatisfy { $0.isASCII && !$0.isNewline }
        return odd ? "unreadable YAML" : problem
    }

    /// 1-based line number in the file of the byte at `offset`, counting LF, CRLF and lone CR
    /// line breaks as YAML does.
    static func lineNumber(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var line = 1
        var index = 0
        while let next = FrontMatterSplit.nextLineStart(bytes, from: index), next <= min(offset, bytes.count) {
            line += 1
            index = next
        }
        return line
    }

    /// The 1-based line within `yaml` where indentation or brackets nest too deep, if any.
    private static func tooDeep(_ bytes: UnsafeBufferPointer<UInt8>, _ yaml: Range<Int>) -> Int? {
        var depth = 0
        var line = 1
        var atLineStart = true
        var indent = 0
        for index in yaml {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                line += 1
                atLineStart = true
                indent = 0
            case 0x20 where atLineStart, UInt8(ascii: "-") where atLineStart:
                indent += 1
                if indent > maximumNesting * 4 { return line }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                atLineStart = false
                depth += 1
                if depth > maximumNesting { return line }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                atLineStart = false
                depth = max(0, depth - 1)
            default:
                atLineStart = false
            }
        }
        return nil
    }
}

/// How a value is written into front matter: plain when the fast reader would read it back
/// unchanged, double-quoted with escapes otherwise.
enum YAMLScalar {
    static func render(_ value: String) -> String {
        guard !value.isEmpty else { return "\"\"" }
        let line = Array(("k: " + value).utf8)
        let readBack = line.withUnsafeBufferPointer { FastFields.parse($0, 0 ..< $0.count) }
        return readBack?["k"] == value ? value : quoted(value)
    }

    static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    /// The text with CRLF and lone CR line breaks (both line breaks in YAML) turned into LF.
    func replacingCRLF() -> String {
        guard utf8.contains(0x0D) else { return self }
        return String(decoding: Array(utf8).split(separator: 0x0D, omittingEmptySubsequences: false)
            .enumerated().reduce(into: [UInt8]()) { out, part in
                if part.offset > 0, part.element.first != 0x0A { out.append(0x0A) }
                out.append(contentsOf: part.element)
            }, as: UTF8.self)
    }
}
