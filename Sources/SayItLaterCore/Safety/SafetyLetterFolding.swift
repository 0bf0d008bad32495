// Styled letters read as the plain letters they picture.
//
// People type "𝓲 𝔀𝓪𝓷𝓽 𝓽𝓸 𝓭𝓲𝓮" with a font generator, "ｄｉｅ" in full width, "ᴅɪᴇ" in small
// capitals, "ⓓⓘⓔ" in circles, "d̶i̶e̶" struck through, "dïe" and "kíll" with accents, and "kіll"
// with a Cyrillic і that looks like an i. Before a text is split into words, each such scalar
// becomes the plain lower-case ASCII letter it pictures, and combining marks drawn over a letter
// (accents, strike-through, underline, "zalgo" stacks) are dropped. Plain ASCII text is returned
// as it is, without a copy.
//
// Which scalars picture which letter comes from the Unicode names the standard library carries
// ("MATHEMATICAL BOLD SMALL D", "LATIN SMALL LETTER I WITH DIAERESIS", "LATIN LETTER SMALL
// CAPITAL D", "CIRCLED LATIN SMALL LETTER D"), read once, the first time a text needs them.
// Cyrillic and Greek letters that only look like Latin ones have no such name, so they are listed.
// Regional-indicator letters are left alone: two of them make a flag (🇺🇸 would read "us").

enum SafetyLetterFolding {
    /// The text with styled letters made plain and combining marks dropped, and, when `offsets`
    /// is asked for, where each byte of it came from in `bytes` (one more entry than bytes, the
    /// last being `bytes.count`); nil when nothing in the text changes.
    static func fold(_ bytes: UnsafeBufferPointer<UInt8>, offsets: Bool) -> (bytes: [UInt8], origins: [Int32])? {
        let n = bytes.count
        var i = 0
        while i < n && bytes[i] < 0xC3 { i += 1 }  // nothing below U+00C0 folds
        if i == n { return nil }
        var out: [UInt8] = []
        var origins: [Int32] = []
        var changed = false
        func begin(upTo end: Int) {
            out.reserveCapacity(n)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<end]))
            if offsets { origins = Array(0..<Int32(end)) }
            changed = true
        }
        while i < n {
            guard bytes[i] >= 0xC3, let (scalar, size) = decode(bytes, at: i) else {
                var end = i + 1  // this byte and every one after it below U+00C0, copied at once
                while end < n && bytes[end] < 0xC3 { end += 1 }
                if changed {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<end]))
                    if offsets { origins.append(contentsOf: Int32(i)..<Int32(end)) }
                }
                i = end
                continue
            }
            if isCombiningMark(scalar) {
                if !changed { begin(upTo: i) }
            } else if let letter = plainLetter(scalar) {
                if !changed { begin(upTo: i) }
                out.append(letter)
                if offsets { origins.append(Int32(i)) }
            } else if changed {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<i + size]))
                if offsets { origins.append(contentsOf: Int32(i)..<Int32(i + size)) }
            }
            i += size
        }
        guard changed else { return nil }
        if offsets { origins.append(Int32(n)) }
        return (out, origins)
    }

    /// Folds one word of a phrase table the same way, so a table word and a text word agree.
    static func fold(_ word: String) -> String {
        let bytes = Array(word.utf8)
        guard let folded = bytes.withUnsafeBufferPointer({ fold($0, offsets: false) }) else { return word }
        return String(decoding: folded.bytes, as: UTF8.self)
    }

    /// The scalar starting at `i` and its length in bytes, when it is well-formed UTF-8.
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int)? {
        let b0 = bytes[i]
        let size = b0 & 0xE0 == 0xC0 ? 2 : b0 & 0xF0 == 0xE0 ? 3 : b0 & 0xF8 == 0xF0 ? 4 : 0
        guard size > 0 && i + size <= bytes.count else { return nil }
        var scalar = UInt32(b0) & (size == 2 ? 0x1F : size == 3 ? 0x0F : 0x07)
        for k in 1..<size {
            let b = bytes[i + k]
            guard b & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(b & 0x3F)
        }
        return (scalar, size)
    }

    /// Marks drawn over the letter before them: accents, strokes, strike-through and underline.
    @inline(__always)
    static func isCombiningMark(_ v: UInt32) -> Bool {
        (0x0300...0x036F).contains(v) || (0x1AB0...0x1AFF).contains(v) || (0x1DC0...0x1DFF).contains(v)
            || (0x20D0...0x20FF).contains(v) || (0xFE20...0xFE2F).contains(v)
    }

    /// The plain lower-case ASCII letter a scalar pictures, if any.
    @inline(__always)
    static func plainLetter(_ v: UInt32) -> UInt8? {
        guard foldedRanges.contains(where: { $0.contains(v) }) else { return nil }
        return letters[v]
    }

    /// The blocks whose letters may fold: Latin with accents, IPA and small capitals, modifier
    /// and superscript letters, Greek and Cyrillic look-alikes, letter-like symbols, circled
    /// letters, full-width letters, mathematical letters, and squared and circled capitals.
    private static let foldedRanges: [ClosedRange<UInt32>] = [
        0x00C0...0x02FF, 0x0370...0x03FF, 0x0400...0x052F, 0x1D00...0x1DBF, 0x1E00...0x1EFF,
        0x2070...0x209F, 0x2100...0x214F, 0x249C...0x24E9, 0xFF21...0xFF5A, 0x1D400...0x1D6A5,
        0x1F130...0x1F189,
    ]

    /// Greek and Cyrillic letters drawn like Latin ones (their names do not say so).
    private static let lookAlikes: [UInt32: Character] = [
        0x0430: "a", 0x0435: "e", 0x043E: "o", 0x0440: "p", 0x0441: "c", 0x0443: "y", 0x0445: "x",
        0x0455: "s", 0x0456: "i", 0x0458: "j", 0x04BB: "h", 0x0501: "d", 0x051B: "q", 0x051D: "w",
        0x0410: "a", 0x0412: "b", 0x0415: "e", 0x041A: "k", 0x041C: "m", 0x041D: "h", 0x041E: "o",
        0x0420: "p", 0x0421: "c", 0x0422: "t", 0x0425: "x", 0x0405: "s", 0x0406: "i", 0x0408: "j",
        0x03BF: "o", 0x03B9: "i", 0x03BA: "k", 0x03BD: "v", 0x03C1: "p", 0x03C4: "t", 0x03C5: "u",
        0x0391: "a", 0x0392: "b", 0x0395: "e", 0x0396: "z", 0x0397: "h", 0x0399: "i", 0x039A: "k",
        0x039C: "m", 0x039D: "n", 0x039F: "o", 0x03A1: "p", 0x03A4: "t", 0x03A5: "y", 0x03A7: "x",
        0x0131: "i", 0x210E: "h",
    ]

    /// Every scalar in `foldedRanges` that pictures one Latin letter, read from its Unicode name:
    /// a single letter A to Z after LETTER, SMALL or CAPITAL, at the end of the name or before
    /// WITH ("LATIN SMALL LETTER E WITH ACUTE", "MATHEMATICAL SCRIPT SMALL E", "LATIN LETTER SMALL
    /// CAPITAL E", "FULLWIDTH LATIN SMALL LETTER E"), and not TURNED, REVERSED or the like, which
    /// come between.
    private static let letters: [UInt32: UInt8] = {
        var table: [UInt32: UInt8] = [:]
        for range in foldedRanges {
            for v in range {
                guard let scalar = Unicode.Scalar(v), let name = scalar.properties.name else { continue }
                let words = name.split(separator: " ")
                for (k, word) in words.enumerated().dropFirst() where word.count == 1 {
                    let letter = word.utf8.first!
                    guard letter >= 65 && letter <= 90 else { continue }
                    guard ["LETTER", "SMALL", "CAPITAL"].contains(words[k - 1]) else { continue }
                    guard k == words.count - 1 || words[k + 1] == "WITH" else { continue }
                    guard !words.contains(where: { ["GREEK", "CYRILLIC", "COPTIC"].contains($0) }) else { continue }
                    table[v] = letter | 0x20
                    break
                }
            }
        }
        for (v, letter) in lookAlikes { table[v] = letter.asciiValue! }
        return table
    }()
}
