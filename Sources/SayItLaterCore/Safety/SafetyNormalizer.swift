// Normalisation for the safety matcher: turns UTF-8 text into a stream of word ids.
//
// What normalisation does (all of it observable through `SafetyDetector.isConcerning`):
// - ASCII case folding (and Latin-1 capitals), so "I WANT TO DIE" and "i want to die" are equal.
// - Apostrophes (' ` ’ ‘ ʼ) inside a word are dropped, so "don't", "don’t" and "dont" are the
//   same word. Phrase tables are written in this dropped form ("dont", "im", "ive").
// - Words are maximal runs of letters and digits; everything else separates words, so matching
//   is always on whole words ("skill" is never "kill", "dyed" is never "die").
// - Spaces, line breaks, emoji and punctuation between the words of a phrase are ignored
//   ("I just...want...to die", "I want to\ndie"). Sentence ends and commas are remembered as
//   flags on the next word, for the few phrases that need them ("end it." but not "end it with").
// - Censored letters inside a word are read as letters: "k!ll", "k1ll", "su!c!de", and "*" or "#"
//   as a wildcard resolved against a short list of key words ("k*ll", "s*icide").
// - Zero-width characters and soft hyphens inside a word are ignored.
// - Known slang, shorthand and misspellings are rewritten to canonical words through the alias
//   table in `SafetyPhrases` ("wanna" -> "want to", "2" -> "to", "tmrw" -> "tomorrow").
// - A dropped final g is restored when that gives a known word ("killin" -> "killing").
// - One typo (one letter added, dropped, changed, or two letters swapped) is tolerated on a short
//   list of longer key words ("sucide", "beter", "anymoer"), never changing the first letter.

/// Flags stored per token.
enum SafetyTokenFlag {
    /// A sentence boundary (. ! ? ; line break, ellipsis) comes before this token.
    static let hard: UInt8 = 1
    /// A clause boundary (comma, colon, dash, brackets, quotes, emoji) comes before this token.
    static let soft: UInt8 = 2
    /// The token is written with digits only ("2", "47").
    static let number: UInt8 = 4
    /// The token is inside quotation marks ("…", “…”, '…', ‘…’).
    static let quoted: UInt8 = 8
}

/// The normalised form of one text: canonical word ids (0 = a word not in the lexicon) and flags.
struct SafetyTokens {
    var ids: [Int32] = []
    var flags: [UInt8] = []
    /// Byte offsets in the text where each token starts and ends; filled only when asked for
    /// (to show a reviewer the matched words), empty otherwise.
    var starts: [Int32] = []
    var ends: [Int32] = []
    var count: Int { ids.count }
}

/// A word list frozen into an open-addressing hash table keyed by the word's UTF-8 bytes, as
/// `SafetyLexiconBuilder` made it: the large arrays are views into the engine's table
/// (SafetyTableCache.swift reads every stored property back).
struct SafetyLexicon: Sendable {
    // Hash table: slot -> entry index, -1 when empty.
    let slots: SafetyTableArray<Int32>
    let slotMask: Int
    let entryHash: SafetyTableArray<UInt64>
    let entryStart: SafetyTableArray<Int32>
    let entryLength: SafetyTableArray<Int32>
    let pool: SafetyTableArray<UInt8>
    let outputStart: SafetyTableArray<Int32>
    let outputCount: SafetyTableArray<Int32>
    let outputs: SafetyTableArray<Int32>
    /// Whether an entry is a canonical word ending in "ing" (for restoring a dropped g).
    let endsInIng: [Bool]

    /// Typo-tolerant key words, bucketed by first letter (index 0...25).
    let fuzzyBuckets: [[FuzzyKey]]
    /// Key words a censored word ("k*ll") may stand for.
    let censorKeys: [FuzzyKey]

    /// Canonical word names by id (id 0 is the unknown word).
    let names: SafetyStrings

    struct FuzzyKey: Sendable {
        var bytes: [UInt8]
        var mask: UInt32
        var id: Int32
    }

    var wordCount: Int { names.count }

    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    @inline(__always) static func mix(_ h: UInt64) -> Int { Int(truncatingIfNeeded: h ^ (h >> 29)) }

    static func letterMask(_ bytes: [UInt8]) -> UInt32 {
        var m: UInt32 = 0
        for b in bytes where b >= 97 && b <= 122 { m |= 1 << UInt32(b - 97) }
        return m
    }

    /// Normalises a word of a phrase table the same way as text: styled letters plain, lower
    /// case, no apostrophes.
    static func normaliseWord(_ word: String) -> String {
        var out = ""
        for scalar in SafetyLetterFolding.fold(word).unicodeScalars {
            switch scalar {
            case "'", "`", "\u{2019}", "\u{2018}", "\u{02BC}": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out.lowercased()
    }

    // MARK: tokenising

    /// Normalises UTF-8 text into tokens.
    /// With `spans`, also records where each token starts and ends in the text's UTF-8 bytes.
    func tokenize(_ text: String, spans: Bool = false) -> SafetyTokens {
        var text = text
        if let result = text.utf8.withContiguousStorageIfAvailable({ tokenize(bytes: $0, spans: spans) }) {
            return result
        }
        text.makeContiguousUTF8()
        if let result = text.utf8.withContiguousStorageIfAvailable({ tokenize(bytes: $0, spans: spans) }) {
            return result
        }
        let copy = Array(text.utf8)
        return copy.withUnsafeBufferPointer { tokenize(bytes: $0, spans: spans) }
    }

    func tokenize(bytes: UnsafeBufferPointer<UInt8>, spans: Bool = false) -> SafetyTokens {
        guard let folded = SafetyLetterFolding.fold(bytes, offsets: spans) else { return tokenizePlain(bytes, spans: spans) }
        var tokens = folded.bytes.withUnsafeBufferPointer { tokenizePlain($0, spans: spans) }
        if spans {  // back to offsets in the text as written
            tokens.starts = tokens.starts.map { folded.origins[Int($0)] }
            tokens.ends = tokens.ends.map { folded.origins[Int($0)] }
        }
        return tokens
    }

    /// Tokenises text whose styled letters are already plain (see `SafetyLetterFolding`).
    private func tokenizePlain(_ bytes: UnsafeBufferPointer<UInt8>, spans: Bool) -> SafetyTokens {
        var tokens = SafetyTokens()
        // Room for a word every two bytes, more than prose needs, so the arrays never grow (and
        // are copied) midway; room never written to costs no memory.
        tokens.ids.reserveCapacity(bytes.count / 2 + 8)
        tokens.flags.reserveCapacity(bytes.count / 2 + 8)
        var state = TokenizerState()
        state.recordSpans = spans
        withUnsafePointer(to: self) { state.run(bytes, LookupContext($0), &tokens) }
        return tokens
    }

    /// What the tokenizer reads of the lexicon for every word, as plain views (the table was
    /// checked when it was read: `SafetyEngine.isWellFormed`), so that passing it to a word's
    /// lookup copies a few pointers, not the lexicon; `lexicon` serves the paths few words take.
    fileprivate struct LookupContext {
        let lexicon: UnsafePointer<SafetyLexicon>
        let slots: UnsafeBufferPointer<Int32>
        let slotMask: Int
        let entryHash: UnsafeBufferPointer<UInt64>
        let entryStart: UnsafeBufferPointer<Int32>
        let entryLength: UnsafeBufferPointer<Int32>
        let pool: UnsafeBufferPointer<UInt8>
        let outputStart: UnsafeBufferPointer<Int32>
        let outputCount: UnsafeBufferPointer<Int32>
        let outputs: UnsafeBufferPointer<Int32>

        init(_ lexicon: UnsafePointer<SafetyLexicon>) {
            self.lexicon = lexicon
            let lx = lexicon.pointee
            slots = lx.slots.buffer
            slotMask = lx.slotMask
            entryHash = lx.entryHash.buffer
            entryStart = lx.entryStart.buffer
            entryLength = lx.entryLength.buffer
            pool = lx.pool.buffer
            outputStart = lx.outputStart.buffer
            outputCount = lx.outputCount.buffer
            outputs = lx.outputs.buffer
        }

        /// The canonical ids lexicon entry `entry` stands for.
        @inline(__always)
        func outputs(of entry: Int) -> UnsafeBufferPointer<Int32> {
            UnsafeBufferPointer(rebasing: outputs[Int(outputStart[entry]) ..< Int(outputStart[entry]) + Int(outputCount[entry])])
        }

        /// The entry index for a word, or -1.
        @inline(__always)
        func find(_ word: UnsafeMutablePointer<UInt8>, _ length: Int, _ hash: UInt64) -> Int {
            var s = SafetyLexicon.mix(hash) & slotMask
            while true {
                let e = Int(slots[s])
                if e < 0 { return -1 }
                if entryHash[e] == hash && Int(entryLength[e]) == length {
                    let start = Int(entryStart[e])
                    var same = true
                    for k in 0..<length where pool[start + k] != word[k] { same = false; break }
                    if same { return e }
                }
                s = (s + 1) & slotMask
            }
        }
    }
}

/// A `SafetyLexicon` being made by the compiler, written to the table as one
/// (`SafetyTableCache.swift`).
struct SafetyLexiconBuilder {
    var slots: [Int32] = []
    var slotMask: Int = 0
    var entryHash: [UInt64] = []
    var entryStart: [Int32] = []
    var entryLength: [Int32] = []
    var pool: [UInt8] = []
    var outputStart: [Int32] = []
    var outputCount: [Int32] = []
    var outputs: [Int32] = []
    var endsInIng: [Bool] = []
    var fuzzyBuckets: [[SafetyLexicon.FuzzyKey]] = Array(repeating: [], count: 26)
    var censorKeys: [SafetyLexicon.FuzzyKey] = []
    var names: [String] = [""]
    private var idByName: [String: Int32] = [:]
    private var keyIndex: [String: Int] = [:]

    var wordCount: Int { names.count }

    /// The id of a canonical word, adding it when new.
    mutating func intern(_ word: String) -> Int32 {
        if let id = idByName[word] { return id }
        let id = Int32(names.count)
        names.append(word)
        idByName[word] = id
        setKey(word, outputs: [id])
        return id
    }

    func existingID(_ word: String) -> Int32? { idByName[word] }

    /// Makes the written form `key` read as the given canonical ids.
    mutating func setKey(_ key: String, outputs ids: [Int32]) {
        if let index = keyIndex[key] {
            // Re-pointing an existing key (an alias defined after the word was interned).
            let start = Int32(outputs.count)
            outputs.append(contentsOf: ids)
            outputStart[index] = start
            outputCount[index] = Int32(ids.count)
            endsInIng[index] = ids.count == 1 && names[Int(ids[0])].hasSuffix("ing")
            return
        }
        let bytes = Array(key.utf8)
        keyIndex[key] = entryHash.count
        entryHash.append(SafetyLexicon.hash(bytes))
        entryStart.append(Int32(pool.count))
        entryLength.append(Int32(bytes.count))
        pool.append(contentsOf: bytes)
        outputStart.append(Int32(outputs.count))
        outputCount.append(Int32(ids.count))
        outputs.append(contentsOf: ids)
        endsInIng.append(ids.count == 1 && names[Int(ids[0])].hasSuffix("ing"))
    }

    func hasKey(_ key: String) -> Bool { keyIndex[key] != nil }

    mutating func addFuzzy(_ word: String) {
        let id = intern(word)
        let bytes = Array(word.utf8)
        guard let first = bytes.first, first >= 97, first <= 122 else { return }
        fuzzyBuckets[Int(first - 97)].append(SafetyLexicon.FuzzyKey(bytes: bytes, mask: SafetyLexicon.letterMask(bytes), id: id))
    }

    mutating func addCensorKey(_ word: String) {
        let id = intern(word)
        let bytes = Array(word.utf8)
        censorKeys.append(SafetyLexicon.FuzzyKey(bytes: bytes, mask: SafetyLexicon.letterMask(bytes), id: id))
    }

    /// Builds the hash table; call once after all keys are added.
    mutating func freeze() {
        var size = 64
        while size < entryHash.count * 4 { size *= 2 }
        slots = Array(repeating: -1, count: size)
        slotMask = size - 1
        for (index, h) in entryHash.enumerated() {
            var s = SafetyLexicon.mix(h) & slotMask
            while slots[s] >= 0 { s = (s + 1) & slotMask }
            slots[s] = Int32(index)
        }
    }
}

// MARK: - Byte classes

private enum ByteClass {
    static let other: UInt8 = 0 // clause punctuation: soft boundary
    static let space: UInt8 = 1
    static let newline: UInt8 = 2
    static let stop: UInt8 = 3 // . ? ;
    static let bang: UInt8 = 4 // ! : censor inside a word, else a sentence end
    static let hyphen: UInt8 = 5
    static let apostrophe: UInt8 = 6
    static let letter: UInt8 = 7
    static let digit: UInt8 = 8
    static let censor: UInt8 = 9 // * @ $ # |
    static let ampersand: UInt8 = 10
    static let high: UInt8 = 11
    static let quote: UInt8 = 12 // "

    static let table: [UInt8] = {
        var t = [UInt8](repeating: other, count: 256)
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") { t[Int(b)] = letter }
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { t[Int(b)] = letter }
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { t[Int(b)] = digit }
        for b in [9, 11, 12, 13, 32] { t[b] = space }
        t[10] = newline
        for c in ".?;" { t[Int(c.asciiValue!)] = stop }
        t[Int(UInt8(ascii: "!"))] = bang
        t[Int(UInt8(ascii: "-"))] = hyphen
        t[Int(UInt8(ascii: "'"))] = apostrophe
        t[Int(UInt8(ascii: "`"))] = apostrophe
        for c in "*@$#|" { t[Int(c.asciiValue!)] = censor }
        t[Int(UInt8(ascii: "&"))] = ampersand
        t[Int(UInt8(ascii: "\""))] = quote
        for b in 128...255 { t[b] = high }
        return t
    }()
}

/// What a non-ASCII scalar means to the tokenizer.
private enum ScalarKind { case letter, apostrophe, openSingle, space, ignore, hyphen, stop, soft, openDouble, closeDouble }

private func scalarKind(_ v: UInt32) -> ScalarKind {
    switch v {
    case 0x2018: return .openSingle
    case 0x2019, 0x02BC, 0x2032, 0x00B4: return .apostrophe
    case 0x201C, 0x201E, 0x00AB: return .openDouble
    case 0x201D, 0x00BB: return .closeDouble
    case 0x00A0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return .space
    case 0x200B...0x200D, 0x2060, 0xFEFF, 0xFE0E, 0xFE0F, 0x00AD: return .ignore
    case 0x2010...0x2015: return .hyphen
    case 0x2026, 0x3002: return .stop
    case 0x00D7, 0x00F7: return .soft
    case 0x00C0...0x024F, 0x0370...0x052F, 0x0590...0x06FF, 0x0900...0x0DFF,
         0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7AF:
        return .letter
    default: return .soft
    }
}

/// Emoji read as a word: 💀 ☠ 🪦 ⚰ ⚱ (death) and 🔪 🗡 🔫 (weapons), used in algospeak in place
/// of "kill" or "die" ("want to 💀 myself"), and 😴 💤 🛌 💊 🩸 🪢 🪒 ✂ read as the words they
/// picture ("want to 😴 forever", "took all my 💊", "the 🪒 came out again"). Phrases refer to
/// the first two by these names.
@inline(__always) private func emojiWord(_ v: UInt32) -> String? {
    switch v {
    case 0x1F480, 0x2620, 0x1FAA6, 0x26B0, 0x26B1: return "emojideath"
    case 0x1F52A, 0x1F5E1, 0x1F52B: return "emojiweapon"
    case 0x1F48A: return "pills"
    case 0x1FA78: return "blood"
    case 0x1FAA2: return "rope"
    case 0x1FA92: return "razor"
    case 0x2702: return "scissors"
    case 0x1F309: return "bridge"
    case 0x1F682, 0x1F686, 0x1F684, 0x1F685, 0x1F687, 0x1F688: return "train"
    case 0x1F634, 0x1F4A4, 0x1F6CC: return "sleep"
    default: return nil
    }
}

/// The word two letters around a slash stand for ("w/o" without, "b/c" because), if any.
@inline(__always) private func slashWord(_ a: UInt8, _ b: UInt8) -> String? {
    switch (a, b) {
    case (UInt8(ascii: "w"), UInt8(ascii: "o")): return "without"
    case (UInt8(ascii: "b"), UInt8(ascii: "c")): return "because"
    default: return nil
    }
}

/// The letter a digit stands for in leetspeak ("d13", "5u1c1d3"), or 0.
@inline(__always) private func leetLetter(_ b: UInt8) -> UInt8 {
    switch b {
    case UInt8(ascii: "0"): return UInt8(ascii: "o")
    case UInt8(ascii: "1"): return UInt8(ascii: "i")
    case UInt8(ascii: "3"): return UInt8(ascii: "e")
    case UInt8(ascii: "4"): return UInt8(ascii: "a")
    case UInt8(ascii: "5"): return UInt8(ascii: "s")
    case UInt8(ascii: "7"): return UInt8(ascii: "t")
    default: return 0
    }
}

/// Parts of a run-together word ("iwanttodie") worth splitting it for: a word is only split into
/// known words when it contains one of these, and one of the parts is a word of the writer or
/// of wanting (`segmentAnchors`).
private let segmentKeys: [[UInt8]] = ["die", "dead", "kill", "suicid", "harm", "myself", "unalive", "hurt",
                                      "cut", "burn", "life", "live", "exist", "wake", "end"].map { Array($0.utf8) }
private let segmentAnchors: Set<[UInt8]> = Set(["i", "im", "my", "me", "myself", "to", "want", "wanna", "gonna"]
    .map { Array($0.utf8) })

/// What a censor character stands for inside a word; `?` is a wildcard.
@inline(__always) private func censorLetter(_ b: UInt8) -> UInt8 {
    switch b {
    case UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: "1"): return UInt8(ascii: "i")
    case UInt8(ascii: "@"), UInt8(ascii: "4"): return UInt8(ascii: "a")
    case UInt8(ascii: "$"), UInt8(ascii: "5"): return UInt8(ascii: "s")
    case UInt8(ascii: "3"): return UInt8(ascii: "e")
    case UInt8(ascii: "0"): return UInt8(ascii: "o")
    case UInt8(ascii: "7"): return UInt8(ascii: "t")
    case UInt8(ascii: "*"), UInt8(ascii: "#"): return UInt8(ascii: "?")
    default: return 0
    }
}

private let maxWordLength = 48

private struct TokenizerState {
    var length = 0
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var mask: UInt32 = 0
    var allDigits = true
    var hasDigit = false
    var nonASCII = false
    var wildcards = 0
    var lastWasLetter = false
    var pending: UInt8 = 0
    /// Where an apostrophe sat inside the current word (0: none), to split "Cian'd" into "cian d".
    var apostropheAt = 0
    /// Inside double or single quotation marks.
    var inDouble = false
    var inSingle = false
    // What separated the current word from the one before: spaces, full stops, anything else.
    var sepSpaces = 0
    var sepDots = 0
    var sepOther = false
    /// The separator was exactly one "/", and the word before it was a single letter (for "w/o", "b/c").
    var sepSlash = 0
    var previousLetter: UInt8 = 0
    // A run of single letters separated only by spaces, full stops or hyphens ("s u i c i d a l",
    // "k.i.l.l. m.y.s.e.l.f", "i w a n t  t o  d i e"): where its tokens start, how many letters,
    // the letters (runBuffer[0..<32]) and the spaces before each (runBuffer[32..<64]). The
    // buffer exists only while `run` does, which owns it.
    var runStart = 0
    var runLength = 0
    var runBuffer: UnsafeMutablePointer<UInt8>! = nil
    /// The words looked up most recently, with their lexicon entries (see `entry(of:_:)`); the
    /// buffer exists only while `run` does, which owns it.
    var recent: UnsafeMutablePointer<UInt64>! = nil
    static let recentSlots = 1024
    // Byte offsets: of the byte being read (and just after it), and of the current word.
    var recordSpans = false
    var at = 0
    var atEnd = 0
    var wordStart = 0
    var wordEnd = 0

    @inline(__always) mutating func append(_ b: UInt8, _ word: UnsafeMutablePointer<UInt8>) {
        if length == 0 { wordStart = at }
        wordEnd = atEnd
        if length < maxWordLength { word[length] = b }
        length += 1
        hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01b3
    }

    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, _ context: SafetyLexicon.LookupContext,
                      _ tokens: inout SafetyTokens) {
        let word = UnsafeMutablePointer<UInt8>.allocate(capacity: maxWordLength + 2)
        runBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        recent = UnsafeMutablePointer<UInt64>.allocate(capacity: 4 * Self.recentSlots)
        recent.initialize(repeating: 0, count: 4 * Self.recentSlots)
        defer { word.deallocate(); runBuffer.deallocate(); runBuffer = nil; recent.deallocate(); recent = nil }
        ByteClass.table.withUnsafeBufferPointer { table in
            let n = bytes.count
            var i = 0
            while i < n {
                let b = bytes[i]
                let cls = table[Int(b)]
                at = i
                atEnd = i + 1
                switch cls {
                case ByteClass.letter:
                    // The whole run of ASCII letters at once, in locals: most of the text is
                    // letters, and this keeps the per-letter work to a few instructions.
                    if length == 0 { wordStart = i }
                    var len = length, h = hash, m = mask, j = i
                    repeat {
                        let lower = bytes[j] | 0x20
                        if len < maxWordLength { word[len] = lower }
                        len += 1
                        h = (h ^ UInt64(lower)) &* 0x0000_0100_0000_01b3
                        m |= 1 << UInt32(lower &- 97)
                        j += 1
                    } while j < n && table[Int(bytes[j])] == ByteClass.letter
                    length = len; hash = h; mask = m
                    at = j - 1
                    atEnd = j
                    wordEnd = j
                    allDigits = false
                    lastWasLetter = true
                    i = j
                case ByteClass.space:
                    finish(word, context, &tokens)
                    sepSpaces += 1
                    i += 1
                case ByteClass.digit:
                    if lastWasLetter && length > 0 && letterFollowsRun(bytes, i, table) {
                        // "k1ll": a digit standing in for a letter.
                        let l = censorLetter(b)
                        if l == UInt8(ascii: "?") || l == 0 { append(b, word); hasDigit = true } else {
                            append(l, word); mask |= 1 << UInt32(l &- 97)
                        }
                        allDigits = false
                    } else {
                        append(b, word)
                        hasDigit = true
                        lastWasLetter = false
                    }
                    i += 1
                case ByteClass.censor, ByteClass.bang:
                    if lastWasLetter && length > 0 && letterFollowsRun(bytes, i, table) {
                        let l = censorLetter(b)
                        if l == UInt8(ascii: "?") { wildcards += 1; append(l, word) } else {
                            append(l, word); mask |= 1 << UInt32(l &- 97)
                        }
                        allDigits = false
                        i += 1
                    } else {
                        finish(word, context, &tokens)
                        pending |= cls == ByteClass.bang ? SafetyTokenFlag.hard : SafetyTokenFlag.soft
                        if cls == ByteClass.bang { inSingle = false }
                        sepOther = true
                        i += 1
                    }
                case ByteClass.apostrophe:
                    let nextIsLetter = i + 1 < n && table[Int(bytes[i + 1])] == ByteClass.letter
                    // Inside a run of spaced letters, an apostrophe spaced like a letter ("D O N ' T")
                    // is part of the word: skip it and the space after it.
                    if runLength > 0 && length == 0 && sepSpaces == 1 && sepDots == 0 && !sepOther
                        && i + 2 < n && table[Int(bytes[i + 1])] == ByteClass.space
                        && table[Int(bytes[i + 2])] == ByteClass.letter
                        && (i + 3 >= n || table[Int(bytes[i + 3])] != ByteClass.letter) {
                        i += 2
                        continue
                    }
                    if lastWasLetter && nextIsLetter {
                        apostropheAt = length
                    } else {
                        boundaryQuote(opening: !lastWasLetter && nextIsLetter, word, context, &tokens)
                    }
                    i += 1
                case ByteClass.hyphen:
                    let inWord = lastWasLetter && i + 1 < n && table[Int(bytes[i + 1])] == ByteClass.letter
                    finish(word, context, &tokens)
                    if !inWord { pending |= SafetyTokenFlag.soft; sepOther = true }
                    i += 1
                case ByteClass.newline:
                    finish(word, context, &tokens)
                    pending |= lineBreak(bytes, i, table)
                    sepOther = true
                    i += 1
                case ByteClass.stop:
                    finish(word, context, &tokens)
                    if b == UInt8(ascii: ".") && i + 1 < n && midSentenceDot(bytes[i + 1], table) {
                        pending |= SafetyTokenFlag.soft  // "V.O.:", "e.g.,", "notes.txt": not a sentence end
                    } else {
                        pending |= SafetyTokenFlag.hard
                        inSingle = false
                    }
                    if b == UInt8(ascii: ".") { sepDots += 1 } else { sepOther = true }
                    i += 1
                case ByteClass.quote:
                    // A quotation is a sentence of its own: gaps do not run into or out of it.
                    finish(word, context, &tokens)
                    pending |= SafetyTokenFlag.hard
                    sepOther = true
                    inDouble.toggle()
                    i += 1
                case ByteClass.ampersand:
                    finish(word, context, &tokens)
                    append(UInt8(ascii: "a"), word); append(UInt8(ascii: "n"), word); append(UInt8(ascii: "d"), word)
                    allDigits = false
                    finish(word, context, &tokens)
                    i += 1
                case ByteClass.high:
                    i = high(bytes, i, word, context, &tokens)
                default:
                    finish(word, context, &tokens)
                    pending |= SafetyTokenFlag.soft
                    sepOther = true
                    if b == UInt8(ascii: "/") { sepSlash += 1 } else { sepSlash = 2 }
                    i += 1
                }
            }
            finish(word, context, &tokens)
            closeLetterRun(context, &tokens)
        }
    }

    /// A quotation mark or apostrophe that is not inside a word: a clause boundary that opens or
    /// closes a single-quoted stretch.
    mutating func boundaryQuote(opening: Bool, _ word: UnsafeMutablePointer<UInt8>,
                                _ context: SafetyLexicon.LookupContext, _ tokens: inout SafetyTokens) {
        finish(word, context, &tokens)
        pending |= SafetyTokenFlag.soft
        sepOther = true
        if opening { inSingle = true } else { inSingle = false }
    }

    /// The flag for a line break at `i`: a clause boundary when a sentence runs on over it (a word
    /// before, a small letter after: "i want\nto die"), else a sentence end. A blank line also
    /// ends a quotation.
    mutating func lineBreak(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ table: UnsafeBufferPointer<UInt8>) -> UInt8 {
        inSingle = false
        var before = i - 1
        while before >= 0 && table[Int(bytes[before])] == ByteClass.space { before -= 1 }
        let afterWord = before >= 0 && (table[Int(bytes[before])] == ByteClass.letter || table[Int(bytes[before])] == ByteClass.digit)
        var j = i + 1
        while j < bytes.count && table[Int(bytes[j])] == ByteClass.space { j += 1 }
        if j < bytes.count && bytes[j] == 10 { inDouble = false; return SafetyTokenFlag.hard }
        if afterWord && pending == 0 && j < bytes.count && bytes[j] >= 97 && bytes[j] <= 122 {
            return SafetyTokenFlag.soft
        }
        return SafetyTokenFlag.hard
    }

    /// Whether a full stop followed at once by this byte sits inside a sentence: a letter or
    /// a closing bracket, colon or comma straight after it ("V.O.):", "e.g.,", "notes.txt").
    @inline(__always)
    func midSentenceDot(_ next: UInt8, _ table: UnsafeBufferPointer<UInt8>) -> Bool {
        table[Int(next)] == ByteClass.letter || next == UInt8(ascii: ")") || next == UInt8(ascii: ":") || next == UInt8(ascii: ",")
    }

    /// True when, after a run of censor characters or digits starting at `i`, a letter follows.
    @inline(__always)
    func letterFollowsRun(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ table: UnsafeBufferPointer<UInt8>) -> Bool {
        var j = i + 1
        while j < bytes.count && j < i + 3 {
            let c = table[Int(bytes[j])]
            if c == ByteClass.letter { return true }
            if c != ByteClass.censor && c != ByteClass.bang && c != ByteClass.digit { return false }
            j += 1
        }
        return false
    }

    mutating func high(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ word: UnsafeMutablePointer<UInt8>,
                       _ context: SafetyLexicon.LookupContext, _ tokens: inout SafetyTokens) -> Int {
        let n = bytes.count
        let b0 = bytes[i]
        var scalar: UInt32
        var size: Int
        if b0 & 0xE0 == 0xC0 { scalar = UInt32(b0 & 0x1F); size = 2 }
        else if b0 & 0xF0 == 0xE0 { scalar = UInt32(b0 & 0x0F); size = 3 }
        else if b0 & 0xF8 == 0xF0 { scalar = UInt32(b0 & 0x07); size = 4 }
        else { finish(word, context, &tokens); return i + 1 }
        if i + size > n { finish(word, context, &tokens); return n }
        for k in 1..<size { scalar = (scalar << 6) | UInt32(bytes[i + k] & 0x3F) }
        atEnd = i + size
        if let name = emojiWord(scalar) {
            // A few emoji stand in for a word in algospeak ("want to 💀 myself").
            finish(word, context, &tokens)
            pending |= SafetyTokenFlag.soft
            for b in name.utf8 { append(b, word) }
            allDigits = false
            finish(word, context, &tokens)
            pending |= SafetyTokenFlag.soft
            sepOther = true
            return i + size
        }
        switch scalarKind(scalar) {
        case .letter:
            if size == 2 && scalar >= 0xC0 && scalar <= 0xDE {
                // Latin-1 capital: fold to its small letter.
                let lower = scalar + 0x20
                append(UInt8(0xC0 | (lower >> 6)), word)
                append(UInt8(0x80 | (lower & 0x3F)), word)
            } else {
                for k in 0..<size { append(bytes[i + k], word) }
            }
            nonASCII = true
            allDigits = false
            lastWasLetter = true
        case .apostrophe, .openSingle:
            let nextIsLetter = i + size < n && ByteClass.table[Int(bytes[i + size])] == ByteClass.letter
            if lastWasLetter && nextIsLetter {
                apostropheAt = length
            } else {
                boundaryQuote(opening: !lastWasLetter && nextIsLetter, word, context, &tokens)
            }
        case .openDouble, .closeDouble:
            finish(word, context, &tokens)
            pending |= SafetyTokenFlag.hard
            sepOther = true
            inDouble = scalarKind(scalar) == .openDouble
        case .space:
            finish(word, context, &tokens)
            sepSpaces += 1
        case .ignore:
            break
        case .hyphen:
            let inWord = lastWasLetter && i + size < n && ByteClass.table[Int(bytes[i + size])] == ByteClass.letter
            finish(word, context, &tokens)
            if !inWord { pending |= SafetyTokenFlag.soft; sepOther = true }
        case .stop:
            finish(word, context, &tokens)
            pending |= SafetyTokenFlag.hard
            inSingle = false
            sepOther = true
        case .soft:
            finish(word, context, &tokens)
            pending |= SafetyTokenFlag.soft
            sepOther = true
        }
        return i + size
    }

    @inline(__always)
    func push(_ id: Int32, _ flags: UInt8, _ tokens: inout SafetyTokens) {
        tokens.ids.append(id)
        tokens.flags.append(inDouble || inSingle ? flags | SafetyTokenFlag.quoted : flags)
        if recordSpans {
            tokens.starts.append(Int32(wordStart))
            tokens.ends.append(Int32(wordEnd))
        }
    }

    /// Ends the current word (if any) and appends its ids.
    @inline(__always)
    mutating func finish(_ word: UnsafeMutablePointer<UInt8>, _ context: SafetyLexicon.LookupContext,
                         _ tokens: inout SafetyTokens) {
        if length > 0 { emit(word, context, &tokens) }
        lastWasLetter = false
    }

    mutating func emit(_ word: UnsafeMutablePointer<UInt8>, _ context: SafetyLexicon.LookupContext,
                       _ tokens: inout SafetyTokens) {
        defer {
            previousLetter = length == 1 ? word[0] : 0
            length = 0
            hash = 0xcbf2_9ce4_8422_2325
            mask = 0
            allDigits = true
            hasDigit = false
            nonASCII = false
            wildcards = 0
            apostropheAt = 0
            sepSpaces = 0
            sepDots = 0
            sepOther = false
            sepSlash = 0
        }
        var flags = pending
        pending = 0
        if length == 1 && !hasDigit && wildcards == 0 && word[0] >= 97 && word[0] <= 122 {
            if runLength > 0 && !sepOther && sepDots <= 1 && runLength < 32 {
                runBuffer[runLength] = word[0]
                runBuffer[32 + runLength] = UInt8(min(sepSpaces, 3))
                runLength += 1
            } else {
                closeLetterRun(context, &tokens)
                runStart = tokens.ids.count
                runLength = 1
                runBuffer[0] = word[0]
                runBuffer[32] = 0
            }
        } else if runLength > 0 {
            closeLetterRun(context, &tokens)
        }
        if allDigits { flags |= SafetyTokenFlag.number }
        guard length <= maxWordLength else {
            push(0, flags, &tokens); return
        }
        // "w/o" and "b/c": two letters around one slash stand for a word.
        if length == 1 && sepSlash == 1 && sepSpaces == 0 && !tokens.ids.isEmpty,
           let whole = slashWord(previousLetter, word[0]) {
            var bytes = Array(whole.utf8)
            let e = bytes.withUnsafeMutableBufferPointer { lookup($0.baseAddress!, $0.count, context) }
            if e >= 0 {
                let f = tokens.flags[tokens.ids.count - 1]
                tokens.ids.removeLast(); tokens.flags.removeLast()
                if recordSpans { wordStart = Int(tokens.starts.removeLast()); tokens.ends.removeLast() }
                if runLength > 0 && runStart >= tokens.ids.count { runLength = 0 }
                pushEntry(e, f, context, &tokens)
                return
            }
        }
        var entry = entry(of: word, context)
        if entry < 0 && !allDigits {
            entry = recover(word, context)
        }
        if entry >= 0 {
            pushEntry(entry, flags, context, &tokens)
            return
        }
        if wildcards > 0, let id = resolveWildcard(word, context.lexicon.pointee) {
            push(id, flags, &tokens); return
        }
        if apostropheAt > 0 && splitContraction(word, flags, context, &tokens) { return }
        if hasDigit && !allDigits, let e = leet(word, context) {
            pushEntry(e, flags, context, &tokens); return
        }
        if wildcards == 0, let e = unstretched(word, context) {
            pushEntry(e, flags, context, &tokens); return
        }
        if !nonASCII && !hasDigit && wildcards == 0 && length >= 4 && length <= 14,
           let id = fuzzy(word, context.lexicon.pointee) {
            push(id, flags, &tokens); return
        }
        if !nonASCII && !hasDigit && wildcards == 0 && length >= 6 && length <= 40 && containsSegmentKey(word),
           let ids = segment(word, length, context) {
            for (k, id) in ids.enumerated() { push(id, k == 0 ? flags : 0, &tokens) }
            return
        }
        push(0, flags, &tokens)
    }

    /// Appends the canonical ids a lexicon entry stands for.
    @inline(__always)
    func pushEntry(_ entry: Int, _ flags: UInt8, _ context: SafetyLexicon.LookupContext, _ tokens: inout SafetyTokens) {
        for (k, id) in context.outputs(of: entry).enumerated() {
            push(id, k == 0 ? flags : 0, &tokens)
        }
    }

    /// The lexicon entry of the current word, or -1. Prose repeats its words, and the lexicon is
    /// too large to stay in the processor's cache, so the entries of the words met most recently
    /// (up to 16 bytes long) are kept in a small table by hash, each with the word's bytes, and
    /// a word found there is not looked up again.
    @inline(__always)
    func entry(of word: UnsafeMutablePointer<UInt8>, _ context: SafetyLexicon.LookupContext) -> Int {
        guard length <= 16 else { return context.find(word, length, hash) }
        var key: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &key) { $0.baseAddress!.copyMemory(from: word, byteCount: length) }
        // Slot: the entry and length (a length of 0 marks an empty slot), then the word's bytes.
        let slot = recent + 4 * (SafetyLexicon.mix(hash) & (Self.recentSlots - 1))
        if slot[1] & 0xFF == UInt64(length) && slot[2] == key.0 && slot[3] == key.1 {
            return Int(Int64(bitPattern: slot[1]) >> 8)
        }
        let e = context.find(word, length, hash)
        slot[1] = UInt64(bitPattern: Int64(e) << 8) | UInt64(length)
        slot[2] = key.0
        slot[3] = key.1
        return e
    }

    /// The lexicon entry of `n` bytes at `p`, or -1.
    @inline(__always)
    func lookup(_ p: UnsafeMutablePointer<UInt8>, _ n: Int, _ context: SafetyLexicon.LookupContext) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for k in 0..<n { h = (h ^ UInt64(p[k])) &* 0x0000_0100_0000_01b3 }
        return context.find(p, n, h)
    }

    /// "Cian'd", "farm'd", "Dad'll": an unknown word before 'd, 'll, 's, 're, 've or 'm is read as
    /// two words, so "d" can stand for "would" in a phrase.
    mutating func splitContraction(_ word: UnsafeMutablePointer<UInt8>, _ flags: UInt8,
                                   _ context: SafetyLexicon.LookupContext, _ tokens: inout SafetyTokens) -> Bool {
        let stem = apostropheAt, suffix = length - apostropheAt
        guard stem > 0, suffix >= 1, suffix <= 2, length <= maxWordLength else { return false }
        let a = word[stem], b = suffix == 2 ? word[stem + 1] : 0
        let ok = (suffix == 1 && (a == UInt8(ascii: "d") || a == UInt8(ascii: "s") || a == UInt8(ascii: "m")))
            || (suffix == 2 && ((a == UInt8(ascii: "l") && b == UInt8(ascii: "l")) || (a == UInt8(ascii: "r") && b == UInt8(ascii: "e"))
                                || (a == UInt8(ascii: "v") && b == UInt8(ascii: "e"))))
        guard ok else { return false }
        let e = lookup(word, stem, context)
        if e >= 0 { pushEntry(e, flags, context, &tokens) } else { push(0, flags, &tokens) }
        let s = lookup(word + stem, suffix, context)
        if s >= 0 { pushEntry(s, 0, context, &tokens) } else { push(0, 0, &tokens) }
        return true
    }

    /// Leetspeak: a word of letters and digits read with the digits as letters ("d13", "t0").
    func leet(_ word: UnsafeMutablePointer<UInt8>, _ context: SafetyLexicon.LookupContext) -> Int? {
        guard length <= maxWordLength else { return nil }
        var buffer = [UInt8](repeating: 0, count: length)
        for k in 0..<length {
            let c = word[k]
            if c >= 48 && c <= 57 {
                let l = leetLetter(c)
                if l == 0 { return nil }
                buffer[k] = l
            } else {
                buffer[k] = c
            }
        }
        let e = buffer.withUnsafeMutableBufferPointer { lookup($0.baseAddress!, length, context) }
        return e >= 0 ? e : nil
    }

    /// Stretched letters ("diiiie", "killlll", "soooo"): runs of three or more of one letter read
    /// as two, then as one, then, with every doubled letter read as one too ("diieeee").
    func unstretched(_ word: UnsafeMutablePointer<UInt8>, _ context: SafetyLexicon.LookupContext) -> Int? {
        guard length >= 3, length <= maxWordLength else { return nil }
        var stretched = false
        for k in 2..<length where word[k] == word[k - 1] && word[k] == word[k - 2] { stretched = true; break }
        if !stretched && length >= 4 && word[length - 1] == word[length - 2] {
            // "deadd", "diee": one letter too many at the end.
            let e = lookup(word, length - 1, context)
            return e >= 0 ? e : nil
        }
        guard stretched else { return nil }
        var tried: [UInt8] = []
        for (keep, doubles) in [(2, 2), (1, 2), (1, 1)] {
            var buffer: [UInt8] = []
            buffer.reserveCapacity(length)
            var k = 0
            while k < length {
                var r = k
                while r < length && word[r] == word[k] { r += 1 }
                let count = r - k
                for _ in 0..<(count >= 3 ? keep : min(count, doubles)) { buffer.append(word[k]) }
                k = r
            }
            // Without a doubled letter the last reading is the one before: looked up once.
            if buffer == tried { continue }
            tried = buffer
            let n = buffer.count
            let e = buffer.withUnsafeMutableBufferPointer { lookup($0.baseAddress!, n, context) }
            if e >= 0 { return e }
        }
        return nil
    }

    /// Whether the word contains one of `segmentKeys`.
    func containsSegmentKey(_ word: UnsafeMutablePointer<UInt8>) -> Bool {
        for key in segmentKeys where key.count <= length {
            var k = 0
            while k + key.count <= length {
                var same = true
                for j in 0..<key.count where word[k + j] != key[j] { same = false; break }
                if same { return true }
                k += 1
            }
        }
        return false
    }

    /// Run-together words ("iwanttodie", "i w a n t t o d i e" joined): the fewest known words
    /// that spell it, when there are at least two and one of them is in `segmentAnchors`.
    func segment(_ p: UnsafeMutablePointer<UInt8>, _ n: Int, _ context: SafetyLexicon.LookupContext) -> [Int32]? {
        guard n >= 4, n <= 40 else { return nil }
        var best = [Int](repeating: Int.max, count: n + 1)
        var back = [Int](repeating: -1, count: n + 1)
        var entry = [Int](repeating: -1, count: n + 1)
        best[0] = 0
        for i in 1...n {
            for j in max(0, i - 16)..<i where best[j] != Int.max && best[j] + 1 < best[i] {
                let len = i - j
                if len == 1 && p[j] != UInt8(ascii: "i") && p[j] != UInt8(ascii: "a") { continue }
                let e = lookup(p + j, len, context)
                if e >= 0 { best[i] = best[j] + 1; back[i] = j; entry[i] = e }
            }
        }
        guard best[n] != Int.max, best[n] >= 2 else { return nil }
        var pieces: [(Int, Int, Int)] = []
        var i = n
        while i > 0 { pieces.append((back[i], i, entry[i])); i = back[i] }
        pieces.reverse()
        guard pieces.contains(where: { segmentAnchors.contains(Array(UnsafeBufferPointer(start: p + $0.0, count: $0.1 - $0.0))) })
        else { return nil }
        var ids: [Int32] = []
        for (_, _, e) in pieces { ids += context.outputs(of: e) }
        return ids
    }

    /// Ends a run of single letters. When it has three or more, and spells known words (split
    /// where the gaps are wider than between letters, or run together), the run's tokens are
    /// replaced by those words: "s u i c i d a l", "d-i-e", "k.i.l.l. m.y.s.e.l.f",
    /// "i w a n t  t o  d i e".
    mutating func closeLetterRun(_ context: SafetyLexicon.LookupContext, _ tokens: inout SafetyTokens) {
        defer { runLength = 0 }
        guard runLength >= 3, runLength <= 32 else { return }
        let letters: UnsafeMutablePointer<UInt8> = runBuffer, gaps = letters + 32
        var narrowest: UInt8 = .max
        for k in 1..<runLength { narrowest = min(narrowest, gaps[k]) }
        func outputs(_ e: Int) -> [Int32] { Array(context.outputs(of: e)) }
        var ids: [Int32] = []
        var split = false
        var from = 0
        for k in 1...runLength where k == runLength || gaps[k] > narrowest {
            if k < runLength { split = true }
            let len = k - from
            let e = len == 1 && letters[from] != UInt8(ascii: "i") && letters[from] != UInt8(ascii: "a")
                ? -1 : lookup(letters + from, len, context)
            if e < 0 { split = false; break }
            ids += outputs(e)
            from = k
        }
        if !split {
            let e = lookup(letters, runLength, context)
            if e >= 0 {
                ids = outputs(e)
            } else if let words = segment(letters, runLength, context) {
                ids = words
            } else {
                return
            }
        }
        guard runStart < tokens.ids.count else { return }
        let f = tokens.flags[runStart]
        tokens.ids.removeSubrange(runStart...)
        tokens.flags.removeSubrange(runStart...)
        for (k, id) in ids.enumerated() {
            tokens.ids.append(id)
            tokens.flags.append(k == 0 ? f : 0)
        }
        if recordSpans {
            let from = tokens.starts[runStart], to = tokens.ends[tokens.ends.count - 1]
            tokens.starts.removeSubrange(runStart...)
            tokens.ends.removeSubrange(runStart...)
            for _ in ids {
                tokens.starts.append(from)
                tokens.ends.append(to)
            }
        }
    }

    /// "killin" -> "killing" when that is a known word ending in -ing.
    mutating func recover(_ word: UnsafeMutablePointer<UInt8>, _ context: SafetyLexicon.LookupContext) -> Int {
        guard length >= 4, length < maxWordLength,
              word[length - 2] == UInt8(ascii: "i"), word[length - 1] == UInt8(ascii: "n") else { return -1 }
        word[length] = UInt8(ascii: "g")
        let h = (hash ^ UInt64(UInt8(ascii: "g"))) &* 0x0000_0100_0000_01b3
        let e = context.find(word, length + 1, h)
        if e >= 0 && context.lexicon.pointee.endsInIng[e] { return e }
        return -1
    }

    func resolveWildcard(_ word: UnsafeMutablePointer<UInt8>, _ lexicon: SafetyLexicon) -> Int32? {
        guard wildcards <= 2, length - wildcards >= 2, length <= maxWordLength else { return nil }
        for key in lexicon.censorKeys where key.bytes.count == length {
            var ok = true
            for k in 0..<length {
                let c = word[k]
                if c != UInt8(ascii: "?") && c != key.bytes[k] { ok = false; break }
            }
            if ok { return key.id }
        }
        // "sui*cide": the symbol separates letters instead of replacing one.
        if length - wildcards >= 4 {
            for key in lexicon.censorKeys where key.bytes.count == length - wildcards {
                var k = 0, ok = true
                for j in 0..<length where word[j] != UInt8(ascii: "?") {
                    if word[j] != key.bytes[k] { ok = false; break }
                    k += 1
                }
                if ok { return key.id }
            }
        }
        return nil
    }

    /// One edit (insert, delete, substitute, swap adjacent) away from a fuzzy key word with the
    /// same first letter (or the first two letters swapped).
    func fuzzy(_ word: UnsafeMutablePointer<UInt8>, _ lexicon: SafetyLexicon) -> Int32? {
        let first = Int(word[0]) - 97
        guard first >= 0 && first < 26 else { return nil }
        if let id = fuzzyIn(lexicon.fuzzyBuckets[first], word, swappedStart: false) { return id }
        let second = Int(word[1]) - 97
        if second >= 0 && second < 26 && second != first {
            return fuzzyIn(lexicon.fuzzyBuckets[second], word, swappedStart: true)
        }
        return nil
    }

    func fuzzyIn(_ bucket: [SafetyLexicon.FuzzyKey], _ word: UnsafeMutablePointer<UInt8>, swappedStart: Bool) -> Int32? {
        for key in bucket {
            let kl = key.bytes.count
            if abs(kl - length) > 1 { continue }
            if (key.mask ^ mask).nonzeroBitCount > 2 { continue }
            if swappedStart && !(kl >= 2 && key.bytes[1] == word[0] && key.bytes[0] == word[1]) { continue }
            if withinOneEdit(word, length, key.bytes) { return key.id }
        }
        return nil
    }
}

/// Optimal-string-alignment distance <= 1.
private func withinOneEdit(_ a: UnsafeMutablePointer<UInt8>, _ la: Int, _ b: [UInt8]) -> Bool {
    let lb = b.count
    var i = 0
    while i < la && i < lb && a[i] == b[i] { i += 1 }
    if i == la && i == lb { return true }
    func tailEqual(_ ia: Int, _ ib: Int) -> Bool {
        if la - ia != lb - ib { return false }
        var x = ia, y = ib
        while x < la { if a[x] != b[y] { return false }; x += 1; y += 1 }
        return true
    }
    if la == lb {
        if tailEqual(i + 1, i + 1) { return true } // substitution
        if i + 1 < la && a[i] == b[i + 1] && a[i + 1] == b[i] && tailEqual(i + 2, i + 2) { return true }
        return false
    }
    if la == lb + 1 { return tailEqual(i + 1, i) } // extra letter in the text
    if lb == la + 1 { return tailEqual(i, i + 1) } // missing letter in the text
    return false
}
