// The safety matcher: phrase matching for suicidal ideation and self-harm.
//
// No scores, no severity, no machine learning: the text is normalised into words (see
// SafetyNormalizer.swift) and checked against the readable phrase table in SafetyPhrases.swift.
// The answer is one Bool. Nothing about the text or the match is stored, printed or logged.

import Foundation

/// On-device phrase matching for suicidal ideation and self-harm intent or acts.
///
/// The phrase lists live in `SafetyPhrases` (SafetyPhrases.swift), a commented table that can be
/// reviewed and amended without touching this code. Creating a detector is cheap: the table is
/// compiled once per process and shared, or read from the cache folder given to `useCache(in:)`.
public struct SafetyDetector: Sendable {
    let engine: SafetyEngine

    /// Creates a detector backed by the shared, compiled phrase table.
    public init() {
        engine = SafetyEngine.shared
    }

    /// Keeps the compiled phrase table in `folder` (created 0700 when missing), so that only the
    /// first process after a change of the table or of the program compiles it (see
    /// SafetyTableCache.swift). Call it once, before the first check: once the table is made,
    /// later calls change nothing. A folder that cannot be written only means the table is
    /// compiled each time. The file holds the phrase table alone, nothing a person wrote.
    /// Without a call (library users, tests), the table is compiled in memory and nothing is written.
    public static func useCache(in folder: String?) {
        SafetyTableCache.folder = folder
    }

    /// Starts compiling the shared table on another thread and returns at once, so that a check
    /// made later (after the journal is opened, or after the person has written) waits less or
    /// not at all. Calling it more than once, or never, is fine.
    public static func prepareInBackground() {
        Thread { _ = SafetyEngine.shared }.start()
    }

    /// True when the text shows suicidal ideation or self-harm intent/acts.
    ///
    /// - Parameter text: an entry, exactly as written (any length, any layout).
    /// - Returns: `true` when a concerning phrase matches and no narrow everyday-language
    ///   exclusion covers it; `false` otherwise. The result carries nothing else.
    public func isConcerning(_ text: String) -> Bool {
        engine.isConcerning(text)
    }

    /// Phrases of the table that failed to compile, with the reason (empty for a correct table;
    /// `say debug safety --explain` prints them, and a test keeps the list empty).
    public static var tableProblems: [String] { SafetyEngine.shared.problems }

    /// For reviewers of the phrase table only (`say debug safety --explain`): every concerning
    /// phrase that matches the text, with its family and the words it matched, including the
    /// ones an everyday-language exclusion cancelled. Never stored and never shown in the app.
    public func explain(_ text: String) -> [SafetyExplanation] {
        engine.explain(text)
    }
}

/// One concerning phrase that matched a text (see `SafetyDetector.explain`).
public struct SafetyExplanation: Sendable, Equatable {
    /// The phrase family in the table (e.g. "wish to be dead").
    public let family: String
    /// The phrase as written in the table.
    public let phrase: String
    /// The words of the text the phrase matched, exactly as written.
    public let span: String
    /// Why this match does not count, when it does not: the everyday-language family that
    /// covers it, or the context word list that switches its family off. Nil: it counts.
    public let cancelledBy: String?
}

// MARK: - Compiled table

/// The compiled phrase table: a lexicon, a small backtracking program per phrase, and an index
/// from each word to the phrases that can start with it. Every stored property is saved in the
/// cache file (SafetyTableCache.swift): a new one must be saved there too, under a new format
/// version. The large arrays are views into `table`, the bytes of that file (or of the same
/// bytes written by the compiler), which the engine owns.
final class SafetyEngine: Sendable {
    /// The table of SafetyPhrases.swift: read from the cache folder when one is set and holds it,
    /// else compiled (and then saved there).
    static let shared = SafetyTableCache.builtInEngine(in: SafetyTableCache.folder)

    /// The buffer the arrays below lie in, and where in it the payload they were read from is.
    let table: SafetyTableBuffer
    let payload: Range<Int>
    let lexicon: SafetyLexicon
    let code: SafetyTableArray<SafetyInstruction>
    /// Tables that send an alternation straight to the alternatives that can start with the
    /// next word (see `SafetyCompiler.emitDispatch`).
    let dispatch: SafetyTableArray<Int32>
    /// Every word set a phrase tests a word against (see ``SafetyWordSets``).
    let wordSets: SafetyWordSets
    let concerning: SafetyPatternIndex
    let exclusions: SafetyPatternIndex
    /// Words of the writer's own intent (see `SafetyPhrases.intentWords`), as a set index.
    let intentSet: Int32
    /// Phrases around a quotation: what marks it as a title, lyric or word being talked about, and
    /// what marks it as the writer's own words (see `SafetyPhrases.quotation`).
    let mentionBefore: SafetyPatternIndex
    let mentionAfter: SafetyPatternIndex
    let ownWords: SafetyPatternIndex
    /// An entry told from safety, and what in it says something is back now (see
    /// `SafetyPhrases.toldFromSafety`).
    let safeNow: SafetyPatternIndex
    let backNow: SafetyPatternIndex
    /// Phrases that failed to compile (always empty for a correct table; checked by tests).
    let problems: [String]
    /// Names of the context word lists, by set index (for explanations).
    let vetoNames: [Int32: String]

    /// A table from its parts, as `SafetyTableCache` reads them back from `payload` of `table`.
    init(table: SafetyTableBuffer, payload: Range<Int>, lexicon: SafetyLexicon, code: SafetyTableArray<SafetyInstruction>,
         dispatch: SafetyTableArray<Int32>, wordSets: SafetyWordSets,
         concerning: SafetyPatternIndex, exclusions: SafetyPatternIndex, intentSet: Int32,
         mentionBefore: SafetyPatternIndex, mentionAfter: SafetyPatternIndex, ownWords: SafetyPatternIndex,
         safeNow: SafetyPatternIndex, backNow: SafetyPatternIndex,
         problems: [String], vetoNames: [Int32: String]) {
        self.table = table
        self.payload = payload
        self.lexicon = lexicon
        self.code = code
        self.dispatch = dispatch
        self.wordSets = wordSets
        self.concerning = concerning
        self.exclusions = exclusions
        self.intentSet = intentSet
        self.mentionBefore = mentionBefore
        self.mentionAfter = mentionAfter
        self.ownWords = ownWords
        self.safeNow = safeNow
        self.backNow = backNow
        self.problems = problems
        self.vetoNames = vetoNames
    }

    /// Compiles the phrase table into the payload of a cache file (see `SafetyEngine.init(_:)`,
    /// which reads it back, in SafetyTableCache.swift). Every input must also go into the cache
    /// key (`SafetyTableSource.encode` there).
    static func compile(macros: [(String, String)], concerning: [SafetyPhraseGroup], exclusions: [SafetyPhraseGroup],
                        aliases: [(String, String)], typoTolerant: [String], censorable: [String],
                        knownWords: [String], vetoLists: [(String, [String])], intentWords: [String],
                        quotation: SafetyQuotationPhrases, toldFromSafety: SafetyToldFromSafety) -> [UInt8] {
        var compiler = SafetyCompiler(macros: macros)
        for (written, canonical) in aliases { compiler.addAlias(written, canonical) }
        for word in knownWords { _ = compiler.lexicon.intern(SafetyLexicon.normaliseWord(word)) }
        // Before any phrase: the words too common to anchor a phrase by are known by their ids.
        for word in SafetyCompiler.commonWords.sorted() { _ = compiler.lexicon.intern(word) }
        for word in typoTolerant { compiler.lexicon.addFuzzy(SafetyLexicon.normaliseWord(word)) }
        for word in censorable { compiler.lexicon.addCensorKey(SafetyLexicon.normaliseWord(word)) }
        var vetoSetByName: [String: Int32] = [:]
        for (name, words) in vetoLists {
            var ids = Set<Int32>()
            for w in words { ids.formUnion(compiler.resolve(SafetyLexicon.normaliseWord(w))) }
            vetoSetByName[name] = compiler.setIndex(Array(ids))
        }
        let c = compiler.compileGroups(concerning, vetoSetByName, anchors: true)
        let x = compiler.compileGroups(exclusions, vetoSetByName)
        var intent = Set<Int32>()
        for w in intentWords { intent.formUnion(compiler.resolve(SafetyLexicon.normaliseWord(w))) }
        let intentSet = compiler.setIndex(Array(intent))
        let before = compiler.compileGroups([SafetyPhraseGroup(name: "names a quotation", note: "", phrases: quotation.before)], [:])
        let after = compiler.compileGroups([SafetyPhraseGroup(name: "names a quotation", note: "", phrases: quotation.after)], [:])
        let own = compiler.compileGroups([SafetyPhraseGroup(name: "the writer's own words", note: "", phrases: quotation.ownWords)], [:])
        let safe = compiler.compileGroups([SafetyPhraseGroup(name: "told from safety", note: "", phrases: toldFromSafety.safeNow)], [:])
        let back = compiler.compileGroups([SafetyPhraseGroup(name: "back now", note: "", phrases: toldFromSafety.backNow)], [:])
        compiler.lexicon.freeze()
        let wordCount = compiler.lexicon.wordCount
        var names: [Int32: String] = [:]
        for (name, set) in vetoSetByName { names[set] = name }
        let vetoNames = names.sorted { $0.key < $1.key }

        // In the order `SafetyEngine.init(table:payload:)` reads them. Room for twice today's
        // ~4 MB up front, so the bytes are not copied each time they outgrow their buffer; room
        // never written to costs nothing (its pages are never touched).
        var w = SafetyTableWriter()
        w.bytes.reserveCapacity(8 << 20)
        compiler.lexicon.encode(&w)
        w.instructions(compiler.code)
        w.array(compiler.dispatch.isEmpty ? [0] : compiler.dispatch)
        SafetyWordSets.encode(compiler.sets, wordCount: wordCount, &w)
        for index in [c, x, before, after, own, safe, back] { SafetyPatternIndex.encode(index, wordCount: wordCount, &w) }
        w.int(intentSet)
        w.strings(compiler.problems)
        w.array(vetoNames.map(\.key))
        w.strings(vetoNames.map(\.value))
        return w.bytes
    }

    func isConcerning(_ text: String) -> Bool {
        let tokens = lexicon.tokenize(text)
        return firstMatch(tokens) != nil
    }

    /// The concerning phrase (its index in ``concerning``) that decides the text, if any.
    func firstMatch(_ tokens: SafetyTokens) -> Int? {
        if tokens.count == 0 { return nil }
        return withRunner(tokens) { scan($0) }
    }

    private func withRunner<T>(_ tokens: SafetyTokens, _ body: (SafetyRunner) -> T) -> T {
        tokens.ids.withUnsafeBufferPointer { ids in
            tokens.flags.withUnsafeBufferPointer { flags in
                code.withUnsafeBufferPointer { code in
                    wordSets.masks.withUnsafeBufferPointer { masks in
                        wordSets.ranks.withUnsafeBufferPointer { ranks in
                            wordSets.words.withUnsafeBufferPointer { words in
                                dispatch.withUnsafeBufferPointer { dispatch in
                                    body(SafetyRunner(code: code, masks: masks, ranks: ranks, words: words,
                                                      maskWords: wordSets.maskWords, ids: ids, flags: flags, dispatch: dispatch))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every concerning match, in text order, with what cancelled it if anything (slow path,
    /// for reviewers).
    func explain(_ text: String) -> [SafetyExplanation] {
        let tokens = lexicon.tokenize(text, spans: true)
        if tokens.count == 0 { return [] }
        let bytes = Array(text.utf8)
        return withRunner(tokens) { runner in
            var out: [SafetyExplanation] = []
            let index = concerning
            for pos in 0..<tokens.count {
                var candidates: [Int] = []
                let id = Int(runner.ids[pos])
                if id != 0 {
                    for k in Int(index.offsets[id])..<Int(index.offsets[id + 1]) { candidates.append(Int(index.list[k])) }
                }
                if runner.flags[pos] & SafetyTokenFlag.number != 0 { candidates += index.numberFirst.map { Int($0) } }
                for pi in candidates {
                    let end = runner.run(Int(index.starts[pi]), pos)
                    if end < 0 { continue }
                    let cancelled = cancellation(pi, pos, end, runner).map(describe)
                    let from = Int(tokens.starts[pos]), to = Int(tokens.ends[max(pos, end - 1)])
                    out.append(SafetyExplanation(family: index.group(pi), phrase: index.source(pi),
                                                 span: String(decoding: bytes[from..<max(from, to)], as: UTF8.self),
                                                 cancelledBy: cancelled))
                }
            }
            return out
        }
    }

    private func scan(_ runner: SafetyRunner) -> Int? {
        let n = runner.ids.count
        let index = concerning
        let active = index.active(runner.ids)
        // A word that starts many phrases has the ones that can match here (active in this text,
        // and taking the word after it as their second word, in table order) gathered the first
        // time the pair of words is met. A long entry meets its common pairs thousands of times;
        // each time after the first tries only those few phrases, not every phrase the word starts.
        var gathered = SafetyPairRanges()
        var phrases: [Int32] = []
        return active.withUnsafeBufferPointer { active in
        index.offsets.withUnsafeBufferPointer { offsets in
            index.list.withUnsafeBufferPointer { list in
                index.listNext.withUnsafeBufferPointer { listNext in
                index.starts.withUnsafeBufferPointer { starts in
                    /// Whether the phrase at `list[k]` is active in this text and takes `next` as its second word.
                    @inline(__always) func canStart(_ k: Int, before next: Int32, _ nextIsNumber: Bool) -> Bool {
                        let pi = Int(list[k]), second = listNext[k]
                        return active[pi >> 6] & (1 << UInt64(pi & 63)) != 0 && runner.canFollow(second, next, nextIsNumber)
                    }
                    for pos in 0..<n {
                        let id = runner.ids[pos]
                        if id != 0 {
                            let from = Int(offsets[Int(id)]), to = Int(offsets[Int(id) + 1])
                            let next: Int32 = pos + 1 < n ? runner.ids[pos + 1] : 0
                            let nextIsNumber = pos + 1 < n && runner.flags[pos + 1] & SafetyTokenFlag.number != 0
                            if to - from <= Self.gatherAbove {
                                for k in from..<to where canStart(k, before: next, nextIsNumber) && check(Int(list[k]), Int(starts[Int(list[k])]), pos, runner) {
                                    return Int(list[k])
                                }
                            } else {
                                // Ids are not negative, so the top bit is free for a number second.
                                let pair = UInt64(UInt32(bitPattern: id)) << 32 | UInt64(UInt32(bitPattern: next))
                                    | (nextIsNumber ? 1 << 63 : 0)
                                let range = gathered.range(of: pair) {
                                    let first = phrases.count
                                    for k in from..<to where canStart(k, before: next, nextIsNumber) { phrases.append(list[k]) }
                                    return first..<phrases.count
                                }
                                for k in range where check(Int(phrases[k]), Int(starts[Int(phrases[k])]), pos, runner) {
                                    return Int(phrases[k])
                                }
                            }
                        }
                        if runner.flags[pos] & SafetyTokenFlag.number != 0 {
                            for pi in index.numberFirst where check(Int(pi), Int(starts[Int(pi)]), pos, runner) {
                                return Int(pi)
                            }
                        }
                    }
                    return nil
                }
                }
            }
        }
        }
    }

    /// How many phrases a word may start before `scan` gathers the ones that can match.
    private static let gatherAbove = 8

    @inline(__always)
    private func check(_ pi: Int, _ start: Int, _ pos: Int, _ runner: SafetyRunner) -> Bool {
        let end = runner.run(start, pos)
        if end < 0 { return false }
        return cancellation(pi, pos, end, runner) == nil
    }

    /// Why a concerning match does not count.
    private enum Cancellation {
        case quotation
        case everydayLanguage(exclusion: Int)
        case contextWords(set: Int32)
        case missingContextWords(set: Int32)
        case toldFromSafety(phrase: Int)
    }

    /// Why the concerning match of phrase `pi` over tokens [from, to) does not count, or nil.
    private func cancellation(_ pi: Int, _ from: Int, _ to: Int, _ runner: SafetyRunner) -> Cancellation? {
        if isMention(from, to, runner) { return .quotation }
        let x = excludedBy(from, to, runner)
        if x >= 0 { return .everydayLanguage(exclusion: x) }
        let veto = concerning.vetoes[pi]
        if veto >= 0 && mentions(veto, runner) { return .contextWords(set: veto) }
        let need = concerning.needs[pi]
        if need >= 0 && !mentions(need, runner) { return .missingContextWords(set: need) }
        let safe = firstMatchAnywhere(safeNow, runner)
        if safe >= 0 && firstMatchAnywhere(backNow, runner, outsideQuotes: true) < 0 { return .toldFromSafety(phrase: safe) }
        return nil
    }

    /// A cancellation in words, for explanations.
    private func describe(_ cancellation: Cancellation) -> String {
        switch cancellation {
        case .quotation: "a quotation named as a title, lyric or word"
        case let .everydayLanguage(x): "everyday language: " + exclusions.group(x) + ": " + exclusions.source(x)
        case let .contextWords(set): "not in an entry that mentions " + (vetoNames[set] ?? "its context words")
        case let .missingContextWords(set): "only in an entry that mentions " + (vetoNames[set] ?? "its context words")
        case let .toldFromSafety(phrase): "told from safety: " + safeNow.source(phrase)
        }
    }

    /// The first phrase of `index` that matches anywhere in the text, or -1. With
    /// `outsideQuotes`, a match wholly inside quotation marks does not count: the old thought a
    /// recovery quotes ("I used to write 'I want to die' on every page") is not said now.
    private func firstMatchAnywhere(_ index: SafetyPatternIndex, _ runner: SafetyRunner, outsideQuotes: Bool = false) -> Int {
        func counts(_ pi: Int, _ pos: Int) -> Bool {
            let end = runner.run(Int(index.starts[pi]), pos)
            if end < 0 { return false }
            if !outsideQuotes { return true }
            for k in pos..<max(pos + 1, end) where runner.flags[k] & SafetyTokenFlag.quoted == 0 { return true }
            return false
        }
        for pos in 0..<runner.ids.count {
            let id = Int(runner.ids[pos])
            if id != 0 {
                for k in Int(index.offsets[id])..<Int(index.offsets[id + 1]) where counts(Int(index.list[k]), pos) {
                    return Int(index.list[k])
                }
            }
            if runner.flags[pos] & SafetyTokenFlag.number != 0 {
                for pi in index.numberFirst where counts(Int(pi), pos) { return Int(pi) }
            }
        }
        return -1
    }

    /// True when a word of the writer's own intent ("want", "thinking", "urge") is inside the
    /// match [from, to) or up to five words before it in the same sentence.
    private func statesIntent(_ from: Int, _ to: Int, _ runner: SafetyRunner) -> Bool {
        for k in from..<to where runner.member(intentSet, runner.ids[k]) { return true }
        var k = from - 1
        while k >= 0 && k >= from - 5 {
            if runner.flags[k + 1] & SafetyTokenFlag.hard != 0 { break }
            if runner.member(intentSet, runner.ids[k]) { return true }
            k -= 1
        }
        return false
    }

    /// True when the match [from, to) lies wholly inside a quotation that the text presents as a
    /// title, lyric, line or word being talked about ("'I want to die' is the opening line of the
    /// poem", "apparently 'kms' is everywhere"), and not as the writer's own words ("I said 'I
    /// want to die'"). Quotations of more than two words need a naming phrase next to them.
    private func isMention(_ from: Int, _ to: Int, _ runner: SafetyRunner) -> Bool {
        let quoted = SafetyTokenFlag.quoted
        for k in from..<to where runner.flags[k] & quoted == 0 { return false }
        let n = runner.ids.count
        var qs = from
        while qs > 0 && runner.flags[qs - 1] & quoted != 0 { qs -= 1 }
        var qe = to
        while qe < n && runner.flags[qe] & quoted != 0 { qe += 1 }
        /// A phrase of `index` that ends at most `reach` words before the quotation, in its sentence.
        func endsBefore(_ index: SafetyPatternIndex, within reach: Int) -> Bool {
            if qs == 0 { return false }
            var first = qs - 1
            while first > 0 && first > qs - reach - 4 && runner.flags[first] & SafetyTokenFlag.hard == 0 { first -= 1 }
            for p in first..<qs {
                for s in index.starts {
                    let e = runner.run(Int(s), p)
                    if e >= 0 && e >= qs - reach && e <= qs { return true }
                }
            }
            return false
        }
        func startsAfter(_ index: SafetyPatternIndex) -> Bool {
            for p in qe..<min(n, qe + 3) {
                for s in index.starts where runner.run(Int(s), p) >= 0 { return true }
            }
            return false
        }
        if endsBefore(ownWords, within: 2) || startsAfter(ownWords) { return false }
        if endsBefore(mentionBefore, within: 8) || startsAfter(mentionAfter) { return true }
        return qe - qs <= 2
    }

    /// The everyday-language exclusion that overlaps the concerning match [from, to), or -1.
    private func excludedBy(_ from: Int, _ to: Int, _ runner: SafetyRunner) -> Int {
        let index = exclusions
        var intent: Bool? = nil
        func allowed(_ pi: Int) -> Bool {
            if !index.yields[pi] { return true }
            if intent == nil { intent = statesIntent(from, to, runner) }
            return !intent!
        }
        var st = max(0, from - 16)
        while st < to {
            let id = Int(runner.ids[st])
            if id != 0 {
                let a = Int(index.offsets[id]), b = Int(index.offsets[id + 1])
                for k in a..<b {
                    let pi = Int(index.list[k])
                    let e = runner.run(Int(index.starts[pi]), st)
                    if e > from && (index.vetoes[pi] < 0 || !mentions(index.vetoes[pi], runner)) && allowed(pi) { return pi }
                }
            }
            if runner.flags[st] & SafetyTokenFlag.number != 0 {
                for pi in index.numberFirst where runner.run(Int(index.starts[Int(pi)]), st) > from && allowed(Int(pi)) {
                    return Int(pi)
                }
            }
            st += 1
        }
        return -1
    }

    private func mentions(_ set: Int32, _ runner: SafetyRunner) -> Bool {
        for id in runner.ids where runner.member(set, id) { return true }
        return false
    }
}

/// `scan`'s memory of the phrases gathered for a pair of words: an open-addressing table keyed by
/// the pair (two word ids, the first never zero, and whether the second word is a number),
/// cheaper than a dictionary's hashing on the scan's hottest path.
private struct SafetyPairRanges {
    private var keys = [UInt64](repeating: 0, count: 256)
    private var ranges = [Range<Int>](repeating: 0..<0, count: 256)
    private var filled = 0

    /// The range stored for `pair`, or the one `gather` makes (stored for next time).
    mutating func range(of pair: UInt64, gather: () -> Range<Int>) -> Range<Int> {
        var s = slot(pair)
        while keys[s] != 0 {
            if keys[s] == pair { return ranges[s] }
            s = (s + 1) & (keys.count - 1)
        }
        let made = gather()
        keys[s] = pair
        ranges[s] = made
        filled += 1
        if filled * 2 > keys.count { grow() }
        return made
    }

    private func slot(_ pair: UInt64) -> Int {
        Int(truncatingIfNeeded: (pair &* 0x9E37_79B9_7F4A_7C15) >> 40) & (keys.count - 1)
    }

    private mutating func grow() {
        let oldKeys = keys, oldRanges = ranges
        keys = [UInt64](repeating: 0, count: oldKeys.count * 2)
        ranges = [Range<Int>](repeating: 0..<0, count: oldKeys.count * 2)
        for (key, range) in zip(oldKeys, oldRanges) where key != 0 {
            var s = slot(key)
            while keys[s] != 0 { s = (s + 1) & (keys.count - 1) }
            keys[s] = key
            ranges[s] = range
        }
    }
}

/// One group of phrases in the table. A new field must also go into the cache key
/// (`SafetyTableSource.encode` in SafetyTableCache.swift; a test counts the fields).
struct SafetyPhraseGroup: Sendable {
    /// Short name of the phrase family.
    let name: String
    /// What the family covers and why (for reviewers).
    let note: String
    /// The phrases, in the pattern language described at the top of SafetyPhrases.swift.
    let phrases: [String]
    /// Name of a word list in `SafetyPhrases.notInTheseContexts`: when the entry mentions any of
    /// those words anywhere, this group does not apply.
    var unlessEntryMentions: String? = nil
    /// Name of a word list in `SafetyPhrases.notInTheseContexts`: this group applies only when the
    /// entry mentions one of those words somewhere (for constructs too weak alone: "that's the
    /// plan" counts in an entry that also mentions pills or a bridge).
    var onlyIfEntryMentions: String? = nil
    /// For exclusions only: when true, the exclusion never cancels a match that states the
    /// writer's own intent (a word of `SafetyPhrases.intentWords` in it or just before it), so
    /// "cut myself shaving" is an accident but "thinking about burning myself with the kettle"
    /// is not.
    var yieldsToIntent: Bool = false
}

/// An entry told from safety (see `SafetyPhrases.toldFromSafety`). A new field must also go into
/// the cache key, as for `SafetyPhraseGroup`.
struct SafetyToldFromSafety: Sendable {
    /// The writer says the hard time is over and they are safe now ("I haven't harmed myself in
    /// years", "I'm glad I'm still here").
    let safeNow: [String]
    /// Something is back now, which outweighs any of `safeNow` ("the thoughts are back").
    let backNow: [String]
}

/// Phrases around a quotation (see `SafetyPhrases.quotation`). A new field must also go into the
/// cache key, as for `SafetyPhraseGroup`.
struct SafetyQuotationPhrases: Sendable {
    /// Just before a quotation: it is a title, lyric, line or word ("the song", "slang like").
    let before: [String]
    /// Just after a quotation: it is a title, lyric, line or word ("is the opening line").
    let after: [String]
    /// Next to a quotation: the writer says it of themselves ("I said", "I keep thinking").
    let ownWords: [String]
}

/// A compiled phrase with the words it can start with, what can follow each of them, and the
/// words it needs (its anchors: every match has a word of each set).
struct SafetyCompiledEntry {
    let pattern: SafetyCompiledPattern
    let firsts: [Int32]
    /// For each of `firsts`, the word set a match starting with it has its second word in (see
    /// `SafetyCompiler.secondWords`), or -1 for any word; empty when not worked out (all but the
    /// concerning phrases).
    let seconds: [Int32]
    let number: Bool
    let anchors: [[Int32]]
}

struct SafetyCompiledPattern: Sendable {
    let start: Int32
    let veto: Int32
    var need: Int32 = -1
    let group: String
    let source: String
    var yields = false
}

/// Phrases indexed by the words they can start with (written by `encode`, views into the
/// engine's table).
struct SafetyPatternIndex: Sendable {
    /// Per phrase: where its code starts, the word list that cancels it (-1: none), the word list
    /// the entry must mention (-1: none), whether it yields to a word of intent, its family (an
    /// index into `groups`), and its text (for explanations only).
    let starts: SafetyTableArray<Int32>
    let vetoes: SafetyTableArray<Int32>
    let needs: SafetyTableArray<Int32>
    let yields: [Bool]
    let groups: [String]
    let groupOf: SafetyTableArray<Int32>
    let sources: SafetyStrings
    let offsets: SafetyTableArray<Int32>
    let list: SafetyTableArray<Int32>
    /// Beside each entry of `list`: the word set the phrase's second word is in when it starts
    /// with that word, or -1 for any word. Only the concerning phrases have them (the scan reads
    /// them); the other indexes' is empty.
    let listNext: SafetyTableArray<Int32>
    let numberFirst: SafetyTableArray<Int32>
    /// Each phrase's anchors (see `SafetyCompiler.anchors`), numbered one after another: phrase
    /// p's are `anchorStarts[p] ..< anchorStarts[p + 1]` (none: the phrase is always tried).
    /// For each word, the anchors it is in, as offsets into `anchored`.
    let anchorStarts: SafetyTableArray<Int32>
    let anchorOffsets: SafetyTableArray<Int32>
    let anchored: SafetyTableArray<Int32>

    var count: Int { starts.count }
    func group(_ phrase: Int) -> String { groups[Int(groupOf[phrase])] }
    func source(_ phrase: Int) -> String { sources[phrase] }

    /// Which phrases can match a text with these words, a bit per phrase: those with a word of
    /// each of their anchors in the text.
    func active(_ ids: UnsafeBufferPointer<Int32>) -> [UInt64] {
        var present = [UInt64](repeating: 0, count: Int(anchorStarts[count]) / 64 + 1)
        var seen = [UInt64](repeating: 0, count: anchorOffsets.count / 64 + 1)  // each word once
        anchorOffsets.withUnsafeBufferPointer { offsets in
            anchored.withUnsafeBufferPointer { anchored in
                for id in ids where id != 0 && seen[Int(id) >> 6] & (1 << UInt64(id & 63)) == 0 {
                    seen[Int(id) >> 6] |= 1 << UInt64(id & 63)
                    let a = Int(offsets[Int(id)]), b = Int(offsets[Int(id) + 1])
                    for k in a..<b { present[Int(anchored[k]) >> 6] |= 1 << UInt64(anchored[k] & 63) }
                }
            }
        }
        var bits = [UInt64](repeating: 0, count: (count + 63) / 64 + 1)
        anchorStarts.withUnsafeBufferPointer { starts in
            for p in 0..<count {
                var all = true
                for a in Int(starts[p])..<Int(starts[p + 1]) where present[a >> 6] & (1 << UInt64(a & 63)) == 0 {
                    all = false
                    break
                }
                if all { bits[p >> 6] |= 1 << UInt64(p & 63) }
            }
        }
        return bits
    }
}

/// Strings kept as their UTF-8 bytes one after another (views into the engine's table), each
/// made a `String` only when asked for: the table's thousands of phrase texts and word names
/// serve explanations only, and making them all `String`s again cost more than reading the rest
/// of a cached table.
struct SafetyStrings: Sendable {
    /// The strings' bytes, one after another.
    let bytes: SafetyTableArray<UInt8>
    /// Where each string ends in `bytes`.
    let ends: SafetyTableArray<Int32>

    /// Strings read back; nil unless every end is in order and the last is the bytes' end.
    init?(bytes: SafetyTableArray<UInt8>, ends: SafetyTableArray<Int32>) {
        var previous: Int32 = 0
        for end in ends {
            guard end >= previous else { return nil }
            previous = end
        }
        guard Int(previous) == bytes.count else { return nil }
        self.bytes = bytes
        self.ends = ends
    }

    var count: Int { ends.count }

    subscript(index: Int) -> String {
        let from = index == 0 ? 0 : Int(ends[index - 1])
        return String(decoding: bytes[from..<Int(ends[index])], as: UTF8.self)
    }
}

// MARK: - Instructions and runner

enum SafetyOp: UInt8, Sendable {
    case word, set, number, skip, split, jump, clauseEnd, clauseStart, sameSentence, notAhead, accept, dispatch
}

/// How a `.skip` instruction packs its options into `b`: the most words it may skip in the low
/// 16 bits, and these flags above them.
enum SafetySkip {
    /// The skipped words may run over sentence ends ("~~N").
    static let across: Int32 = 1 << 16
    /// The word after the skipped ones must be in the same sentence too ("~N" not before "$").
    static let checkNext: Int32 = 1 << 17
}

/// The word sets the phrases test a word against (an alternation, a slot list, a context list),
/// each a bitmap over the lexicon's word ids, kept sparse: a set names a few words, so almost
/// every 64-bit word of its bitmap is zero. Per set, `masks` has a bit for each 64-bit word of
/// the bitmap that is not zero, and `ranks` says where those words start in `words`; a test is
/// two loads and a population count, and the whole table stays small enough for the cache.
struct SafetyWordSets: Sendable {
    /// 64-bit words in one set's whole bitmap: a bit for every word id.
    let bitmapWords: Int
    /// 64-bit words of `masks` (and entries of `ranks`) per set.
    let maskWords: Int
    let masks: SafetyTableArray<UInt64>
    let ranks: SafetyTableArray<Int32>
    /// The bitmaps' words that are not zero, set after set.
    let words: SafetyTableArray<UInt64>

    var count: Int { masks.count / maskWords }

    /// Writes the sets (each a list of word ids; id 0, no word, is never a member) as
    /// `SafetyEngine.init(table:payload:)` reads them.
    static func encode(_ sets: [[Int32]], wordCount: Int, _ w: inout SafetyTableWriter) {
        let bitmapWords = (wordCount + 64) / 64
        let maskWords = (bitmapWords + 63) / 64
        var masks = [UInt64](repeating: 0, count: max(1, sets.count) * maskWords)
        var ranks = [Int32](repeating: 0, count: masks.count)
        var words: [UInt64] = []
        var bitmap = [UInt64](repeating: 0, count: bitmapWords)
        // The bitmap's words a set touches, in order: a set names a few words, so only those are
        // visited (and cleared again), not the whole bitmap for each of thousands of sets.
        var touched: [Int] = []
        for (s, members) in sets.enumerated() {
            touched.removeAll(keepingCapacity: true)
            for id in members where id != 0 {
                if bitmap[Int(id >> 6)] == 0 { touched.append(Int(id >> 6)) }
                bitmap[Int(id >> 6)] |= 1 << UInt64(id & 63)
            }
            touched.sort()
            var t = 0
            for m in 0 ..< maskWords {
                ranks[s * maskWords + m] = Int32(words.count)
                while t < touched.count && touched[t] < m * 64 + 64 {
                    let w = touched[t]
                    masks[s * maskWords + m] |= 1 << UInt64(w & 63)
                    words.append(bitmap[w])
                    bitmap[w] = 0
                    t += 1
                }
            }
        }
        w.int(bitmapWords)
        w.int(maskWords)
        w.array(masks)
        w.array(ranks)
        w.array(words)
    }

    /// Whether every test of a word id below `wordCount` stays inside the arrays.
    func isWellFormed(wordCount: Int) -> Bool {
        guard bitmapWords >= 1, bitmapWords * 64 >= wordCount, maskWords == (bitmapWords + 63) / 64,
              !masks.isEmpty, masks.count % maskWords == 0, ranks.count == masks.count else { return false }
        for (mask, rank) in zip(masks, ranks) where rank < 0 || Int(rank) + mask.nonzeroBitCount > words.count {
            return false
        }
        return true
    }
}

/// One instruction, laid out as the cache file holds it (see `SafetyTableWriter.instructions`).
struct SafetyInstruction: Sendable {
    /// A `SafetyOp`'s raw value: kept as a byte, so that a table read back can be viewed in place
    /// and its ops checked before any is used (`SafetyEngine.isWellFormed`).
    var opcode: UInt8
    var a: Int32 = 0
    var b: Int32 = 0

    init(op: SafetyOp, a: Int32 = 0, b: Int32 = 0) {
        opcode = op.rawValue
        self.a = a
        self.b = b
    }

    var op: SafetyOp { SafetyOp(rawValue: opcode)! }
}

/// A backtracking matcher over one text's tokens.
struct SafetyRunner {
    let code: UnsafeBufferPointer<SafetyInstruction>
    /// ``SafetyWordSets``' arrays.
    let masks: UnsafeBufferPointer<UInt64>
    let ranks: UnsafeBufferPointer<Int32>
    let words: UnsafeBufferPointer<UInt64>
    let maskWords: Int
    let ids: UnsafeBufferPointer<Int32>
    let flags: UnsafeBufferPointer<UInt8>
    let dispatch: UnsafeBufferPointer<Int32>

    /// Whether word `id` is in word set `set` (see ``SafetyWordSets``).
    @inline(__always) func member(_ set: Int32, _ id: Int32) -> Bool {
        let word = Int(id >> 6)
        let m = Int(set) * maskWords + word >> 6
        let mask = masks[m]
        let bit = UInt64(1) << UInt64(word & 63)
        guard mask & bit != 0 else { return false }
        return (words[Int(ranks[m]) + (mask & (bit &- 1)).nonzeroBitCount] >> UInt64(id & 63)) & 1 != 0
    }

    /// Whether a word can come second in a match whose second words are in set `set` (-1: any
    /// word). A number always can: the sets leave numbers out (`SafetyCompiler.secondWords`).
    @inline(__always) func canFollow(_ set: Int32, _ id: Int32, _ isNumber: Bool) -> Bool {
        set < 0 || isNumber || member(set, id)
    }

    /// Runs the program at `pc` from token `pos`; returns the end position, or -1.
    func run(_ startPC: Int, _ startPos: Int) -> Int {
        var pc = startPC, pos = startPos
        let n = ids.count
        while true {
            let ins = code[pc]
            switch ins.op {
            case .word:
                guard pos < n && ids[pos] == ins.a else { return -1 }
                pos += 1; pc += 1
            case .set:
                guard pos < n && member(ins.a, ids[pos]) else { return -1 }
                pos += 1; pc += 1
            case .number:
                guard pos < n && flags[pos] & SafetyTokenFlag.number != 0 else { return -1 }
                pos += 1; pc += 1
            case .skip:
                return skip(ins, pc + 1, pos)
            case .split:
                let r = run(Int(ins.a), pos)
                if r >= 0 { return r }
                pc = Int(ins.b)
            case .jump:
                pc = Int(ins.a)
            case .clauseEnd:
                guard pos >= n || flags[pos] & (SafetyTokenFlag.hard | SafetyTokenFlag.soft) != 0 else { return -1 }
                pc += 1
            case .clauseStart:
                guard pos == 0 || pos >= n || flags[pos] & (SafetyTokenFlag.hard | SafetyTokenFlag.soft) != 0 else { return -1 }
                pc += 1
            case .sameSentence:
                guard pos >= n || flags[pos] & SafetyTokenFlag.hard == 0 else { return -1 }
                pc += 1
            case .notAhead:
                // "!(...)" looks only at the words that continue the sentence.
                // "!(~~6 ...)" may look further, over sentence ends.
                if !(ins.b == 1 && pos < n && flags[pos] & SafetyTokenFlag.hard != 0) && run(pc + 1, pos) >= 0 { return -1 }
                pc = Int(ins.a)
            case .accept:
                return pos
            case .dispatch:
                return runDispatch(Int(ins.a), pos, pc)
            }
        }
    }

    /// A lazy gap: tries the code at `next` after skipping 0, 1, ... up to the most words the
    /// instruction allows, only where the next word can start it (set `ins.a`, or any when -1).
    @inline(__always)
    func skip(_ ins: SafetyInstruction, _ next: Int, _ start: Int) -> Int {
        let n = ids.count
        let most = Int(ins.b & 0xFFFF)
        let across = ins.b & SafetySkip.across != 0
        let checkNext = ins.b & SafetySkip.checkNext != 0
        var pos = start
        var skipped = 0
        while true {
            let sameSentence = pos >= n || flags[pos] & SafetyTokenFlag.hard == 0
            if (!checkNext || sameSentence) && (ins.a < 0 || (pos < n && member(ins.a, ids[pos]))) {
                let r = run(next, pos)
                if r >= 0 { return r }
            }
            if skipped == most || pos >= n || (!across && !sameSentence) { return -1 }
            pos += 1
            skipped += 1
        }
    }

    /// Tries, in order, the alternatives of the table at `t` that can start with the word at
    /// `pos` and those that can start anywhere. Layout at t: key count K, count A of the others,
    /// K sorted keys, K (start, count, next) triples, A program counters. `start` and `count`
    /// place a key's list of program counters; `next` is the word set every branch of the list
    /// has its second word in, or -1 when not known (`SafetyCompiler.secondWords`), so a list
    /// whose next word cannot follow is not tried. Program counters are stored relative to the
    /// dispatch instruction at `base`, so a building block's code can be reused at another place
    /// with the same table.
    func runDispatch(_ t: Int, _ pos: Int, _ base: Int) -> Int {
        let d = dispatch
        let keyCount = Int(d[t]), alwaysCount = Int(d[t + 1])
        let keys = t + 2
        var listStart = 0, listCount = 0
        if pos < ids.count {
            let id = ids[pos]
            var lo = 0, hi = keyCount
            while lo < hi {
                let mid = (lo + hi) >> 1
                if d[keys + mid] < id { lo = mid + 1 } else { hi = mid }
            }
            if lo < keyCount && d[keys + lo] == id {
                // The branches for this word, unless the word after it cannot go on any of them.
                let entry = keys + keyCount + 3 * lo
                let next = d[entry + 2]
                if pos + 1 < ids.count ? canFollow(next, ids[pos + 1], flags[pos + 1] & SafetyTokenFlag.number != 0) : next < 0 {
                    listStart = Int(d[entry])
                    listCount = Int(d[entry + 1])
                }
            }
        }
        let always = keys + 4 * keyCount
        var i = 0, j = 0
        while i < listCount || j < alwaysCount {
            let pc: Int32
            if j >= alwaysCount || (i < listCount && d[listStart + i] < d[always + j]) {
                pc = d[listStart + i]; i += 1
            } else {
                pc = d[always + j]; j += 1
            }
            let r = run(base + Int(pc), pos)
            if r >= 0 { return r }
        }
        return -1
    }
}

// MARK: - Compiler

/// Pattern syntax tree.
indirect enum SafetyNode {
    /// A written word, as its slot in `SafetyWordSlots` (resolved to canonical ids once, on first use).
    case word(Int32)
    case wordID(Int32)
    /// A building block, by its number among the names written in patterns (see
    /// `SafetyCompiler.blockNames`).
    case macro(Int32)
    case seq([SafetyNode])
    case alt([SafetyNode])
    case opt(SafetyNode)
    case gap(Int)
    case gapAcross(Int)
    case clauseEnd, clauseStart, number
    case not(SafetyNode)
}

struct SafetyCompiler {
    var lexicon = SafetyLexiconBuilder()
    var code: [SafetyInstruction] = []
    var sets: [[Int32]] = []
    var setByKey: [SafetySetKey: Int32] = [:]
    var aliasMap: [String: [String]] = [:]
    var problems: [String] = []
    let macros: [String: String]
    /// The building blocks' names written in the patterns parsed so far, numbered as the words
    /// are, and what is known of each block, by that number: a block is named thousands of
    /// times, and looking its facts up by index costs less than hashing its name each time.
    var blockNames = SafetyWordSlots()
    var blocks: [SafetyBlockFacts] = []
    /// The distinct written words of the patterns parsed so far.
    var wordSlots = SafetyWordSlots()
    /// Canonical ids per word slot, once resolved; and the one id of single-word slots (-1 not
    /// yet resolved, -2 several words).
    var slotIDs: [[Int32]?] = []
    var slotSingle: [Int32] = []
    /// Dispatch tables, laid out as `SafetyRunner.runDispatch` reads them.
    var dispatch: [Int32] = []
    /// Which word ids are of `commonWords` (see `commonFlags`), once known.
    var commonIDs: [Bool]? = nil
    /// The marks of a walk of the code (`walkToSecondWords`, `firstWords`): the number of the
    /// walk that last visited each (instruction, stage).
    var visited: [Int] = []
    var walks = 0
    /// `walkToSecondWords`' list of (instruction, stage) still to visit, kept between calls so that
    /// each call does not allocate its own.
    var walkList: [(pc: Int, second: Bool)] = []

    init(macros: [(String, String)]) {
        var m: [String: String] = [:]
        for (k, v) in macros { m[k] = v }
        self.macros = m
    }

    mutating func addAlias(_ written: String, _ canonical: String) {
        let key = SafetyLexicon.normaliseWord(written)
        let words = canonical.split(separator: " ").map { SafetyLexicon.normaliseWord(String($0)) }
        aliasMap[key] = words
        let ids = words.map { lexicon.intern($0) }
        lexicon.setKey(key, outputs: ids)
    }

    /// The canonical ids of the written word in `slot`, interning them on first use (in the same
    /// order as resolving the word itself would).
    mutating func resolve(slot: Int32) -> [Int32] {
        let s = Int(slot)
        if s < slotIDs.count, let ids = slotIDs[s] { return ids }
        let ids = resolve(wordSlots.names[s])
        if s >= slotIDs.count {
            let grow = wordSlots.names.count - slotIDs.count
            slotIDs += Array(repeating: nil, count: grow)
            slotSingle += Array(repeating: -1, count: grow)
        }
        slotIDs[s] = ids
        slotSingle[s] = ids.count == 1 ? ids[0] : -2
        return ids
    }

    /// The one canonical id of the word in `slot`, or nil when it stands for several words.
    @inline(__always)
    mutating func single(slot: Int32) -> Int32? {
        let s = Int(slot)
        if s < slotSingle.count {
            let v = slotSingle[s]
            if v >= 0 { return v }
            if v == -2 { return nil }
        }
        let ids = resolve(slot: slot)
        return ids.count == 1 ? ids[0] : nil
    }

    /// The canonical ids a written word stands for.
    mutating func resolve(_ word: String) -> [Int32] {
        if let words = aliasMap[word] { return words.map { lexicon.intern($0) } }
        return [lexicon.intern(word)]
    }

    mutating func setIndex(_ ids: [Int32]) -> Int32 {
        let key = SafetySetKey(ids.sortedUnique())
        if let i = setByKey[key] { return i }
        let i = Int32(sets.count)
        sets.append(key.ids)
        setByKey[key] = i
        return i
    }

    mutating func compileGroups(_ groups: [SafetyPhraseGroup], _ vetoes: [String: Int32], anchors: Bool = false)
        -> [SafetyCompiledEntry] {
        var out: [SafetyCompiledEntry] = []
        for group in groups {
            var veto: Int32 = -1
            if let name = group.unlessEntryMentions {
                if let v = vetoes[name] { veto = v } else { problems.append("\(group.name): no word list \(name)") }
            }
            var need: Int32 = -1
            if let name = group.onlyIfEntryMentions {
                if let v = vetoes[name] { need = v } else { problems.append("\(group.name): no word list \(name)") }
            }
            for phrase in group.phrases {
                do {
                    let node = try parse(phrase)
                    let start = Int32(code.count)
                    try emit(node)
                    code.append(SafetyInstruction(op: .accept))
                    let (firsts, number) = try firstWords(Int(start))
                    let seconds = anchors ? secondWordSets(Int(start), firsts: firsts) : []
                    out.append(SafetyCompiledEntry(
                        pattern: SafetyCompiledPattern(start: start, veto: veto, need: need, group: group.name,
                                                       source: phrase, yields: group.yieldsToIntent),
                        firsts: firsts, seconds: seconds, number: number, anchors: anchors ? self.anchors(node) : []))
                } catch {
                    problems.append("\(group.name): \(phrase): \(error)")
                }
            }
        }
        return out
    }

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// Words too common to be worth checking a phrase's presence by.
    static let commonWords: Set<String> = [
        "i", "im", "ive", "id", "ill", "me", "my", "myself", "a", "an", "the", "to", "and", "of", "in", "on", "at", "for",
        "it", "its", "is", "was", "be", "been", "so", "that", "this", "with", "not", "no", "you", "we", "they", "he", "she",
        "but", "just", "do", "did", "have", "had", "all", "up", "out", "if", "then", "again", "now", "get", "got", "go",
    ]

    /// Sets of words of which every match of `node` contains one word each (the smallest few
    /// without a common word among the phrase's required parts), or none. A text without a word of
    /// each cannot match, so the phrase is not tried on it.
    mutating func anchors(_ node: SafetyNode) -> [[Int32]] {
        // Sorted, then repeats dropped (the same sets as through a Set, without hashing arrays).
        var smallestFirst = uncommon(requiredSets(node))
        smallestFirst.sort { $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1) }
        var distinct: [[Int32]] = []
        for set in smallestFirst where distinct.last != set {
            distinct.append(set)
            if distinct.count == Self.mostAnchors { break }
        }
        return distinct
    }

    /// How many anchors a phrase is checked by at most (more rule out more texts, and cost a
    /// little for every text).
    static let mostAnchors = 4

    /// The smallest of these word sets that has no common word, if any (the first of the
    /// smallest).
    mutating func smallestUncommon(_ sets: [[Int32]]) -> [Int32]? {
        let common = commonFlags()
        var smallest: [Int32]? = nil
        for set in sets where Self.isUncommon(set, common) && set.count < (smallest?.count ?? .max) { smallest = set }
        return smallest
    }

    /// These word sets without those that hold a common word.
    mutating func uncommon(_ sets: [[Int32]]) -> [[Int32]] {
        let common = commonFlags()
        return sets.filter { Self.isUncommon($0, common) }
    }

    /// Whether `set` has words and none of them is common (or 0, no word).
    static func isUncommon(_ set: [Int32], _ common: [Bool]) -> Bool {
        !set.isEmpty && set.allSatisfy { $0 != 0 && !(Int($0) < common.count && common[Int($0)]) }
    }

    /// Whether each word id is one of `commonWords`, by id (ids past its end are not): looked up
    /// by index rather than hashed, as every required set of every phrase is tested.
    mutating func commonFlags() -> [Bool] {
        if let flags = commonIDs { return flags }
        var flags = [Bool](repeating: false, count: lexicon.wordCount)
        for word in Self.commonWords {
            if let id = lexicon.existingID(word) { flags[Int(id)] = true }
        }
        commonIDs = flags
        return flags
    }

    /// Word sets of which each match of `node` contains at least one word of every set.
    mutating func requiredSets(_ node: SafetyNode) -> [[Int32]] {
        var found: [[Int32]] = []
        appendRequiredSets(node, to: &found)
        return found
    }

    /// Appends ``requiredSets(_:)`` of `node` to `found`: one list for a whole sequence rather
    /// than one per part, joined.
    mutating func appendRequiredSets(_ node: SafetyNode, to found: inout [[Int32]]) {
        switch node {
        case .word(let w):
            if let id = single(slot: w) {
                found.append([id])
            } else {
                for id in resolve(slot: w) { found.append([id]) }
            }
        case .wordID(let id):
            found.append([id])
        case .macro(let block):
            if let set = blocks[Int(block)].set, set >= 0 { found.append(sets[Int(set)]); return }
            if let cached = blocks[Int(block)].required { found += cached; return }
            guard let inner = try? macroNode(block) else { return }
            let r = requiredSets(inner)
            blocks[Int(block)].required = r
            found += r
        case .seq(let items):
            for item in items { appendRequiredSets(item, to: &found) }
        case .alt(let alternatives):
            if let ids = singleWords(alternatives) { found.append(ids); return }
            var union: [Int32] = []
            for alternative in alternatives {
                guard let smallest = smallestUncommon(requiredSets(alternative)) else { return }
                union += smallest
            }
            found.append(union.sortedUnique())
        case .opt, .gap, .gapAcross, .clauseEnd, .clauseStart, .number, .not:
            return
        }
    }

    /// The parsed building block numbered `block`.
    mutating func macroNode(_ block: Int32) throws -> SafetyNode {
        if let node = blocks[Int(block)].node { return node }
        let name = blockNames.names[Int(block)]
        guard let body = macros[name] else { throw Problem(description: "unknown block <\(name)>") }
        let node = try parse(body)
        blocks[Int(block)].node = node
        return node
    }

    /// A phrase or a building block's body parsed; the blocks it names for the first time get
    /// their place in `blocks`.
    mutating func parse(_ pattern: String) throws -> SafetyNode {
        var parser = SafetyPatternParser(pattern, &wordSlots, blocks: &blockNames)
        let added = blockNames.names.count - blocks.count
        if added > 0 { blocks += repeatElement(SafetyBlockFacts(), count: added) }
        return try parser.parse()
    }

    /// If every alternative is one canonical word, the ids; else nil.
    mutating func singleWords(_ alternatives: [SafetyNode]) -> [Int32]? {
        var ids: [Int32] = []
        for a in alternatives where !appendSingleWords(a, to: &ids) { return nil }
        return ids
    }

    /// Appends the ids of `node` to `ids` when it is one canonical word or an alternation of
    /// them (see ``singleWords(_:)``), and says whether it was; when not, `ids` may have had
    /// some appended. Works in place: a phrase table asks this of every alternative.
    mutating func appendSingleWords(_ node: SafetyNode, to ids: inout [Int32]) -> Bool {
        switch node {
        case .word(let w):
            guard let id = single(slot: w) else { return false }
            ids.append(id)
        case .wordID(let id):
            ids.append(id)
        case .macro(let block):
            let more: [Int32]?
            if let cached = blocks[Int(block)].single {
                more = cached
            } else if let node = try? macroNode(block) {
                more = singleWords([node])
                blocks[Int(block)].single = .some(more)
            } else {
                return false
            }
            guard let more else { return false }
            ids.append(contentsOf: more)
        case .alt(let inner):
            for a in inner where !appendSingleWords(a, to: &ids) { return false }
        case .seq(let items) where items.count == 1:
            return appendSingleWords(items[0], to: &ids)
        default:
            return false
        }
        return true
    }

    mutating func emit(_ node: SafetyNode) throws {
        switch node {
        case .word(let w):
            if let id = single(slot: w) {
                code.append(SafetyInstruction(op: .word, a: id))
            } else {
                for id in resolve(slot: w) { code.append(SafetyInstruction(op: .word, a: id)) }
            }
        case .wordID(let id):
            code.append(SafetyInstruction(op: .word, a: id))
        case .macro(let block):
            if let set = blocks[Int(block)].set {
                if set >= 0 { code.append(SafetyInstruction(op: .set, a: set)); return }
            } else {
                let node = try macroNode(block)
                if case .alt(let alternatives) = node, let ids = singleWords(alternatives), ids.count > 1 {
                    let set = setIndex(ids)
                    blocks[Int(block)].set = set
                    code.append(SafetyInstruction(op: .set, a: set))
                    return
                }
                blocks[Int(block)].set = -1
            }
            if let cached = blocks[Int(block)].code {
                let delta = Int32(code.count) - cached.base
                for var ins in cached.code {
                    switch ins.op {
                    case .split: ins.a += delta; ins.b += delta
                    case .jump, .notAhead: ins.a += delta
                    default: break
                    }
                    code.append(ins)
                }
                return
            }
            if blocks[Int(block)].expanding {
                throw Problem(description: "block <\(blockNames.names[Int(block)])> refers to itself")
            }
            blocks[Int(block)].expanding = true
            defer { blocks[Int(block)].expanding = false }
            let base = code.count
            try emit(try macroNode(block))
            blocks[Int(block)].code = (Int32(base), Array(code[base...]))
        case .seq(let items):
            for (k, item) in items.enumerated() {
                // What follows a gap (made only for gaps: most items are not).
                var rest: SafetyNode? { k + 1 < items.count ? SafetyNode.seq(Array(items[(k + 1)...])) : nil }
                // "~3 $": the words skipped stay in one sentence, and the clause may end with it.
                if case .gap(let max) = item {
                    var checkNext = true
                    if k + 1 < items.count, case .clauseEnd = items[k + 1] { checkNext = false }
                    emitSkip(max, across: false, checkNext: checkNext, before: rest)
                } else if case .gapAcross(let max) = item {
                    emitSkip(max, across: true, checkNext: false, before: rest)
                } else {
                    try emit(item)
                }
            }
        case .alt(let alternatives):
            if alternatives.isEmpty { throw Problem(description: "empty group") }
            // Merge the one-word alternatives into a single set lookup; keep the others as
            // branches (order between them does not change what can match).
            var single: [Int32] = []
            var multi: [SafetyNode] = []
            for alternative in alternatives {
                let before = single.count
                if !appendSingleWords(alternative, to: &single) {
                    single.removeLast(single.count - before)
                    multi.append(alternative)
                }
            }
            if multi.isEmpty {  // every alternative is one word: `singleWords(alternatives)`
                if single.count == 1 { code.append(SafetyInstruction(op: .word, a: single[0])) } else {
                    code.append(SafetyInstruction(op: .set, a: setIndex(single)))
                }
                return
            }
            var alternatives = multi
            if single.count == 1 {
                alternatives.insert(.wordID(single[0]), at: 0)
            } else if single.count > 1 {
                alternatives.insert(.alt(single.map { .wordID($0) }), at: 0)
            }
            if alternatives.count == 1 { try emit(alternatives[0]); return }
            if alternatives.count >= 3 { try emitDispatch(alternatives); return }
            var jumps: [Int] = []
            for (i, alternative) in alternatives.enumerated() {
                if i < alternatives.count - 1 {
                    let split = code.count
                    code.append(SafetyInstruction(op: .split, a: Int32(split + 1), b: 0))
                    try emit(alternative)
                    jumps.append(code.count)
                    code.append(SafetyInstruction(op: .jump))
                    code[split].b = Int32(code.count)
                } else {
                    try emit(alternative)
                }
            }
            for j in jumps { code[j].a = Int32(code.count) }
        case .opt(let inner):
            let split = code.count
            code.append(SafetyInstruction(op: .split, a: Int32(split + 1), b: 0))
            try emit(inner)
            code[split].b = Int32(code.count)
        case .gap(let max):
            emitSkip(max, across: false, checkNext: true, before: nil)
        case .gapAcross(let max):
            emitSkip(max, across: true, checkNext: false, before: nil)
        case .clauseEnd:
            code.append(SafetyInstruction(op: .clauseEnd))
        case .clauseStart:
            code.append(SafetyInstruction(op: .clauseStart))
        case .number:
            code.append(SafetyInstruction(op: .number))
        case .not(let inner):
            let at = code.count
            var across = false
            switch inner {
            case .gapAcross: across = true
            case .seq(let items): if case .gapAcross = items.first { across = true }
            case .alt(let options):
                for option in options {
                    if case .gapAcross = option { across = true }
                    if case .seq(let items) = option, case .gapAcross = items.first { across = true }
                }
            default: break
            }
            code.append(SafetyInstruction(op: .notAhead, b: across ? 0 : 1))
            try emit(inner)
            code.append(SafetyInstruction(op: .accept))
            code[at].a = Int32(code.count)
        }
    }

    /// An alternation of three or more branches: a dispatch table sends the matcher straight to
    /// the branches that can start with the next word (found from the syntax tree), plus those
    /// that can start with anything (a gap, an optional part, a number), in their written order.
    mutating func emitDispatch(_ alternatives: [SafetyNode]) throws {
        let at = code.count
        code.append(SafetyInstruction(op: .dispatch))
        // (first word, branch) pairs: sorted below, they give each word's branches in written
        // order (a branch's words are distinct, and branches come in increasing order).
        var keyed: [(key: Int32, pc: Int32)] = []
        var always: [Int32] = []
        var jumps: [Int] = []
        for alternative in alternatives {
            let pc = Int32(code.count - at)
            if let firsts = firstSet(alternative) {
                for id in firsts.sortedUnique() { keyed.append((id, pc)) }
            } else {
                always.append(pc)
            }
            try emit(alternative)
            jumps.append(code.count)
            code.append(SafetyInstruction(op: .jump))
        }
        for j in jumps { code[j].a = Int32(code.count) }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.pc < $1.pc }
        // Each first word once, in order (so that sets are numbered the same each time), with
        // where its branches lie in `keyed`.
        var keys: [Int32] = [], branches: [Range<Int>] = []
        var k = 0
        while k < keyed.count {
            var end = k + 1
            while end < keyed.count && keyed[end].key == keyed[k].key { end += 1 }
            keys.append(keyed[k].key)
            branches.append(k..<end)
            k = end
        }
        // For each first word, the words its branches can go on with, when they are known.
        var filters: [Int32] = []
        for (first, range) in zip(keys, branches) {
            var union: [Int32] = []
            for pc in keyed[range].map({ $0.pc }) {
                guard let next = secondWords(at + Int(pc), after: first, end: code.count) else { union = []; break }
                union += next
            }
            filters.append(union.isEmpty ? -1 : setIndex(union))
        }
        code[at].a = appendDispatch(keys: keys, filters: filters, branches: keyed.map { $0.pc },
                                    counts: branches.map { $0.count }, always: always)
    }

    /// Appends a dispatch table (laid out as `SafetyRunner.runDispatch` reads it) and returns
    /// where it starts: `branches` holds each key's branches one after another, `counts[k]` of
    /// them for `keys[k]`.
    mutating func appendDispatch(keys: [Int32], filters: [Int32], branches: [Int32], counts: [Int], always: [Int32]) -> Int32 {
        let t = dispatch.count
        dispatch.append(Int32(keys.count))
        dispatch.append(Int32(always.count))
        dispatch += keys
        // Each key's (start, count, next word set); its branches go after the others'.
        var start = dispatch.count + 3 * keys.count + always.count
        for (count, filter) in zip(counts, filters) {
            dispatch.append(Int32(start))
            dispatch.append(Int32(count))
            dispatch.append(filter)
            start += count
        }
        dispatch += always
        dispatch += branches
        return Int32(t)
    }

    /// Starts a walk of the code from `start`: `visited` has room for every (instruction, stage)
    /// from there to the end, marked at `2 * (pc - start) + stage`, and no mark of an earlier
    /// walk equals this walk's number. The code only jumps forward (`isWellFormed` requires it),
    /// so a walk never goes before its start, and the marks cover one phrase, not the whole
    /// table (which it cost more to zero, again and again as it grew, than to walk).
    mutating func newWalk(from start: Int) {
        walks += 1
        let needed = 2 * (code.count - start)
        if visited.count < needed { visited = [Int](repeating: 0, count: max(needed, 2 * visited.count)) }
    }

    /// The words that can come second in a match of the code at `start` when it starts with
    /// word `first`, or nil when any word can: when a gap can come second, or the match can end
    /// after its first word (at `accept`, or at `end`, where what follows is not emitted yet).
    /// Every path is followed, so a match always has one of these words second, or a number:
    /// numbers are left out, and every caller lets a number second through (`SafetyRunner.canFollow`).
    /// The words come unsorted and may repeat: every caller makes a set of them (`setIndex`).
    mutating func secondWords(_ start: Int, after first: Int32, end: Int = .max) -> [Int32]? {
        var unused: [Int] = []
        return walkToSecondWords(start, second: false, after: first, end: end, placesAfterFirst: &unused, stopAfterFirst: false)
    }

    /// ``secondWords(_:after:end:)`` (`end` left out) for each of a phrase's first words, as
    /// set indexes (-1: any word). The walk after the first word is the same for many of them
    /// (a phrase that starts with a list of words goes on the same way after each), so it is
    /// done once per place a first word leads to, and the words found there joined: the same
    /// words as one walk finds (a nil anywhere makes the whole nil either way). First words
    /// that lead to the same places have the same set, looked up once.
    mutating func secondWordSets(_ start: Int, firsts: [Int32]) -> [Int32] {
        var wordsAt: [Int: [Int32]?] = [:]  // the words that can come at a place; nil: any
        var setAfter: [[Int]: Int32] = [:]  // the set (or -1) after a list of places
        var places: [Int] = []
        return firsts.map { first in
            places.removeAll(keepingCapacity: true)
            guard walkToSecondWords(start, second: false, after: first, end: .max, placesAfterFirst: &places,
                                    stopAfterFirst: true) != nil else { return -1 }
            if let known = setAfter[places] { return known }
            let set = secondWordSet(places, &wordsAt)
            setAfter[places] = set
            return set
        }
    }

    /// The set (-1: any word) of the words that can come at any of `places`, with the words
    /// found at each place kept in `wordsAt`.
    private mutating func secondWordSet(_ places: [Int], _ wordsAt: inout [Int: [Int32]?]) -> Int32 {
        var words: [Int32] = []
        for pc in places {
            if wordsAt[pc] == nil {
                // From a place after the first word, which word it was does not matter (0).
                var unused: [Int] = []
                wordsAt[pc] = .some(walkToSecondWords(pc, second: true, after: 0, end: .max,
                                                      placesAfterFirst: &unused, stopAfterFirst: false))
            }
            guard let next = wordsAt[pc]! else { return -1 }
            words += next
        }
        return words.isEmpty ? -1 : setIndex(words)
    }

    /// The walk of ``secondWords(_:after:end:)`` from `start` (with the first word behind when
    /// `second`). With `stopAfterFirst`, it goes no further than the first word: the places
    /// after it are gathered in `placesAfterFirst`, and the words returned are none.
    mutating func walkToSecondWords(_ start: Int, second startSecond: Bool, after first: Int32, end: Int,
                                    placesAfterFirst: inout [Int], stopAfterFirst: Bool) -> [Int32]? {
        // Each (instruction, stage) is visited once per call: marked with this call's number.
        newWalk(from: start)
        var words: [Int32] = []
        var work = walkList  // taken out while in use, so that it is not copied
        walkList = []
        defer { walkList = work }
        work.removeAll(keepingCapacity: true)
        work.append((pc: start, second: startSecond))
        /// The first word matched: the match goes on at `pc` with its second word.
        func afterFirst(_ pc: Int) {
            if stopAfterFirst { placesAfterFirst.append(pc) } else { work.append((pc, true)) }
        }
        while let (pc, second) = work.popLast() {
            guard pc < end else { return nil }
            let mark = 2 * (pc - start) + (second ? 1 : 0)
            if visited[mark] == walks { continue }
            visited[mark] = walks
            let ins = code[pc]
            switch ins.op {
            case .word:
                if second { words.append(ins.a) } else if ins.a == first { afterFirst(pc + 1) }
            case .set:
                if second {
                    words.append(contentsOf: sets[Int(ins.a)])
                } else if sets[Int(ins.a)].binarySearchContains(first) {
                    afterFirst(pc + 1)
                }
            case .number:
                // A number second is let through by every caller (see `SafetyRunner.canFollow`),
                // so it does not stop the words from narrowing what else may come second.
                if !second { afterFirst(pc + 1) }
            case .split: work.append((Int(ins.a), second)); work.append((Int(ins.b), second))
            case .jump: work.append((Int(ins.a), second))
            case .clauseEnd, .clauseStart, .sameSentence: work.append((pc + 1, second))
            // What a look-ahead rules out only narrows the match; the match goes on after it.
            case .notAhead: work.append((Int(ins.a), second))
            case .dispatch:
                // The branches that can start with the word (second: with any word), and those
                // that can start anywhere.
                let t = Int(ins.a)
                let keyCount = Int(dispatch[t]), alwaysCount = Int(dispatch[t + 1])
                for k in 0..<keyCount where second || dispatch[t + 2 + k] == first {
                    let entry = t + 2 + keyCount + 3 * k
                    let from = Int(dispatch[entry]), count = Int(dispatch[entry + 1])
                    for branch in dispatch[from..<(from + count)] { work.append((pc + Int(branch), second)) }
                }
                for k in 0..<alwaysCount { work.append((pc + Int(dispatch[t + 2 + 4 * keyCount + k]), second)) }
            case .skip, .accept: return nil
            }
        }
        return words
    }

    /// The words every match of `node` must start with, or nil when it can start with anything
    /// or match nothing (a gap, a number, an optional part alone).
    mutating func firstSet(_ node: SafetyNode) -> [Int32]? {
        switch node {
        case .word(let w):
            return resolve(slot: w).first.map { [$0] }
        case .wordID(let id):
            return [id]
        case .macro(let block):
            if let set = blocks[Int(block)].set, set >= 0 { return sets[Int(set)] }
            if let cached = blocks[Int(block)].firsts { return cached }
            guard let inner = try? macroNode(block) else { return nil }
            let f = firstSet(inner)
            blocks[Int(block)].firsts = .some(f)
            return f
        case .seq(let items):
            var out: [Int32] = []
            for item in items {
                switch item {
                case .clauseStart, .clauseEnd, .not, .gap(0):
                    continue
                case .opt(let inner):
                    guard let f = firstSet(inner) else { return nil }
                    out += f
                default:
                    guard let f = firstSet(item) else { return nil }
                    return out + f
                }
            }
            return nil
        case .alt(let alternatives):
            var out: [Int32] = []
            for a in alternatives {
                guard let f = firstSet(a) else { return nil }
                out += f
            }
            return out
        case .opt, .gap, .gapAcross, .clauseEnd, .clauseStart, .number, .not:
            return nil
        }
    }

    /// A lazy gap of up to `max` words (prefer fewer) that stay in one sentence, or with
    /// `across` may run over sentence ends; with `checkNext`, the word after the gap is in that
    /// sentence too. When the gap comes before other parts of its phrase (`before`), the words
    /// those can start with are kept, so the gap tries them only where one of those words is.
    mutating func emitSkip(_ max: Int, across: Bool, checkNext: Bool, before rest: SafetyNode?) {
        if max <= 0 {
            if checkNext && !across { code.append(SafetyInstruction(op: .sameSentence)) }
            return
        }
        var set: Int32 = -1
        if let rest, let firsts = firstSet(rest) { set = setIndex(firsts) }
        var options = Int32(Swift.min(max, 0xFFFF))
        if across { options |= SafetySkip.across }
        if checkNext { options |= SafetySkip.checkNext }
        code.append(SafetyInstruction(op: .skip, a: set, b: options))
    }

    /// The words a compiled pattern can start with.
    mutating func firstWords(_ start: Int) throws -> ([Int32], Bool) {
        var firsts: [Int32] = []
        var number = false
        newWalk(from: start)  // each instruction visited once (marks of the first stage of `secondWords`)
        var work = [start]
        while let pc = work.popLast() {
            if visited[2 * (pc - start)] == walks { continue }
            visited[2 * (pc - start)] = walks
            let ins = code[pc]
            switch ins.op {
            case .word: firsts.append(ins.a)
            case .set: firsts.append(contentsOf: sets[Int(ins.a)])
            case .number: number = true
            case .skip: throw Problem(description: "a phrase cannot start with a gap")
            case .split: work.append(Int(ins.a)); work.append(Int(ins.b))
            case .jump: work.append(Int(ins.a))
            case .clauseEnd, .clauseStart, .sameSentence: work.append(pc + 1)
            case .notAhead: work.append(Int(ins.a))
            case .accept: throw Problem(description: "a phrase must contain at least one word")
            case .dispatch:
                let t = Int(ins.a)
                let keyCount = Int(dispatch[t]), alwaysCount = Int(dispatch[t + 1])
                firsts.append(contentsOf: dispatch[(t + 2)..<(t + 2 + keyCount)])
                for k in 0..<alwaysCount { work.append(pc + Int(dispatch[t + 2 + 4 * keyCount + k])) }
            }
        }
        return (firsts.sortedUnique().filter { $0 != 0 }, number)
    }
}

/// The distinct (normalised) words written in patterns, numbered in order of first appearance, so
/// that each word is hashed once per occurrence while parsing and never again while compiling.
struct SafetyWordSlots {
    var names: [String] = []
    // An open-addressing table over the words' UTF-8 bytes, so that reading a pattern does not
    // build a String for every word it has seen before.
    private var table = [Int32](repeating: -1, count: 8192)
    private var pool: [UInt8] = []
    private var starts: [Int32] = []
    private var hashes: [UInt64] = []

    mutating func slot(_ word: String) -> Int32 {
        var bytes = Array(word.utf8)
        return bytes.withUnsafeMutableBufferPointer { slot(bytes: UnsafeBufferPointer($0)) }
    }

    mutating func slot(bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        var mask = table.count - 1
        var i = Int(truncatingIfNeeded: h ^ (h >> 29)) & mask
        while true {
            let e = Int(table[i])
            if e < 0 { break }
            if hashes[e] == h {
                let start = Int(starts[e]), end = Int(starts[e + 1])
                if end - start == bytes.count {
                    var same = true
                    for k in 0..<bytes.count where pool[start + k] != bytes[k] { same = false; break }
                    if same { return Int32(e) }
                }
            }
            i = (i + 1) & mask
        }
        let s = Int32(names.count)
        names.append(String(decoding: bytes, as: UTF8.self))
        if starts.isEmpty { starts.append(0) }
        pool.append(contentsOf: bytes)
        starts.append(Int32(pool.count))
        hashes.append(h)
        if names.count * 2 > table.count {
            table = [Int32](repeating: -1, count: table.count * 2)
            mask = table.count - 1
            for (e, hh) in hashes.enumerated() {
                var j = Int(truncatingIfNeeded: hh ^ (hh >> 29)) & mask
                while table[j] >= 0 { j = (j + 1) & mask }
                table[j] = Int32(e)
            }
        } else {
            table[i] = s
        }
        return s
    }
}

/// What the compiler has worked out about one building block, each fact once (nil: not yet).
struct SafetyBlockFacts {
    /// The block parsed.
    var node: SafetyNode?
    /// The block as a set index when it is a plain word list, -1 when it is not.
    var set: Int32?
    /// Code emitted for the block the first time, replayed (relocated) on later uses. Emitting
    /// a block always gives the same instructions once its words are interned, so a phrase
    /// table that uses <IGONE> or <A> hundreds of times compiles each block only once.
    var code: (base: Int32, code: [SafetyInstruction])?
    /// `singleWords`, `firstSet` and `requiredSets` of the block (an inner nil: not a plain
    /// word list; can start with anything).
    var single: [Int32]??
    var firsts: [Int32]??
    var required: [[Int32]]?
    /// Being emitted: a block met again meanwhile refers to itself.
    var expanding = false
}

/// A word set (sorted ids) as a dictionary key, hashed once with a cheap hash of its own: the
/// compiler looks up thousands of sets, some of hundreds of words, and `Hasher` fed every id
/// cost more than the rest of the lookup.
struct SafetySetKey: Hashable {
    let ids: [Int32]
    let hash: UInt64

    init(_ ids: [Int32]) {
        self.ids = ids
        var h: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a over the ids
        for id in ids { h = (h ^ UInt64(UInt32(bitPattern: id))) &* 0x0000_0100_0000_01b3 }
        hash = h
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (a: SafetySetKey, b: SafetySetKey) -> Bool { a.hash == b.hash && a.ids == b.ids }
}

/// Parses the pattern language (see SafetyPhrases.swift).
struct SafetyPatternParser {
    enum Token: Equatable { case word(Int32), open, close, optOpen, optClose, bar, end, start, not, gap(Int), gapAcross(Int), number, question, macro(Int32) }
    var tokens: [Token] = []
    var i = 0

    /// The tokens of `text`: its words numbered in `slots`, the names of the building blocks it
    /// uses in `blocks`.
    init(_ text: String, _ slots: inout SafetyWordSlots, blocks: inout SafetyWordSlots) {
        // Fast path: the phrase table is plain ASCII, so read it as UTF-8 bytes (Character
        // iteration and comparison dominated compile time). Anything else (non-ASCII letters,
        // "\r", which joins "\r\n" into one Character) takes the general path below, so the
        // tokens are the same either way.
        var ascii = true
        for b in text.utf8 where b >= 0x80 || b == 0x0D { ascii = false; break }
        if ascii {
            self.init(tokens: Self.asciiTokens(text, &slots, blocks: &blocks))
        } else {
            self.init(characters: text, &slots, blocks: &blocks)
        }
    }

    /// Tokens of an ASCII pattern (no "\r"), read byte by byte; same result as `init(characters:)`.
    static func asciiTokens(_ text: String, _ slots: inout SafetyWordSlots, blocks: inout SafetyWordSlots) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(16)
        var bytes = Array(text.utf8)
        bytes.append(32)
        let n = bytes.count
        var word: [UInt8] = []
        word.reserveCapacity(24)
        var inWord = false // a word may be only apostrophes: it still makes a (empty) word token
        func flush() {
            if inWord {
                tokens.append(.word(word.withUnsafeBufferPointer { slots.slot(bytes: $0) }))
                word.removeAll(keepingCapacity: true)
                inWord = false
            }
        }
        @inline(__always) func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 97 && (b | 0x20) <= 122 }
        var k = 0
        while k < n {
            let c = bytes[k]
            switch c {
            case UInt8(ascii: "("): flush(); tokens.append(.open)
            case UInt8(ascii: ")"): flush(); tokens.append(.close)
            case UInt8(ascii: "["): flush(); tokens.append(.optOpen)
            case UInt8(ascii: "]"): flush(); tokens.append(.optClose)
            case UInt8(ascii: "|"): flush(); tokens.append(.bar)
            case UInt8(ascii: "$"): flush(); tokens.append(.end)
            case UInt8(ascii: "^"): flush(); tokens.append(.start)
            case UInt8(ascii: "!"): flush(); tokens.append(.not)
            case UInt8(ascii: "?"): flush(); tokens.append(.question)
            case UInt8(ascii: "<"):
                flush()
                let from = k + 1
                while k + 1 < n, bytes[k + 1] != UInt8(ascii: ">") { k += 1 }
                tokens.append(.macro(bytes[from..<(k + 1)].withUnsafeBufferPointer { blocks.slot(bytes: $0) }))
                k += 1 // the ">"
            case UInt8(ascii: "~"):
                flush()
                var across = false
                if k + 1 < n, bytes[k + 1] == UInt8(ascii: "~") { across = true; k += 1 }
                let from = k + 1
                while k + 1 < n, bytes[k + 1] >= 48, bytes[k + 1] <= 57 { k += 1 }
                let value = Int(String(decoding: bytes[from..<(k + 1)], as: UTF8.self)) ?? 0
                tokens.append(across ? .gapAcross(value) : .gap(value))
            case UInt8(ascii: "#"):
                flush()
                let from = k + 1
                while k + 1 < n, isLetter(bytes[k + 1]) { k += 1 }
                let name = String(decoding: bytes[from..<(k + 1)], as: UTF8.self)
                tokens.append(name == "num" ? .number : .word(slots.slot("#" + name)))
            case 32, 10, 9: flush()
            case UInt8(ascii: "'"), UInt8(ascii: "`"): inWord = true // normaliseWord drops apostrophes
            default:
                inWord = true
                word.append(c >= 65 && c <= 90 ? c | 0x20 : c) // normaliseWord lower-cases
            }
            k += 1
        }
        return tokens
    }

    init(tokens: [Token]) { self.tokens = tokens }

    /// General tokenizer over Characters (any Unicode pattern).
    init(characters text: String, _ slots: inout SafetyWordSlots, blocks: inout SafetyWordSlots) {
        var word = ""
        func flush() { if !word.isEmpty { tokens.append(.word(slots.slot(SafetyLexicon.normaliseWord(word)))); word = "" } }
        var chars = Array(text)
        chars.append(" ")
        var k = 0
        while k < chars.count {
            let c = chars[k]
            switch c {
            case "(": flush(); tokens.append(.open)
            case ")": flush(); tokens.append(.close)
            case "[": flush(); tokens.append(.optOpen)
            case "]": flush(); tokens.append(.optClose)
            case "|": flush(); tokens.append(.bar)
            case "$": flush(); tokens.append(.end)
            case "^": flush(); tokens.append(.start)
            case "!": flush(); tokens.append(.not)
            case "?": flush(); tokens.append(.question)
            case "<":
                flush()
                var name = ""
                while k + 1 < chars.count, chars[k + 1] != ">" { name.append(chars[k + 1]); k += 1 }
                k += 1 // the ">"
                tokens.append(.macro(blocks.slot(name)))
            case "~":
                flush()
                var across = false
                if k + 1 < chars.count, chars[k + 1] == "~" { across = true; k += 1 }
                var digits = ""
                while k + 1 < chars.count, chars[k + 1].isNumber { digits.append(chars[k + 1]); k += 1 }
                tokens.append(across ? .gapAcross(Int(digits) ?? 0) : .gap(Int(digits) ?? 0))
            case "#":
                flush()
                var name = ""
                while k + 1 < chars.count, chars[k + 1].isLetter { name.append(chars[k + 1]); k += 1 }
                tokens.append(name == "num" ? .number : .word(slots.slot("#" + name)))
            case " ", "\n", "\t": flush()
            default: word.append(c)
            }
            k += 1
        }
    }

    mutating func parse() throws -> SafetyNode {
        let node = try alternatives()
        if i != tokens.count { throw SafetyCompiler.Problem(description: "unexpected \(tokens[i])") }
        return node
    }

    mutating func alternatives() throws -> SafetyNode {
        var options: [SafetyNode] = []
        options.reserveCapacity(4)  // room for most, so the list is not made again as it grows
        options.append(try sequence())
        while i < tokens.count && tokens[i] == .bar { i += 1; options.append(try sequence()) }
        return options.count == 1 ? options[0] : .alt(options)
    }

    mutating func sequence() throws -> SafetyNode {
        var items: [SafetyNode] = []
        items.reserveCapacity(8)  // room for most, so the list is not made again as it grows
        while i < tokens.count {
            switch tokens[i] {
            case .bar, .close, .optClose: return items.count == 1 ? items[0] : .seq(items)
            default: items.append(try item())
            }
        }
        return items.count == 1 ? items[0] : .seq(items)
    }

    mutating func item() throws -> SafetyNode {
        let node = try atom()
        if i < tokens.count && tokens[i] == .question {
            i += 1
            return .opt(node)
        }
        return node
    }

    mutating func atom() throws -> SafetyNode {
        let t = tokens[i]
        i += 1
        switch t {
        case .word(let w): return .word(w)
        case .open:
            let inner = try alternatives()
            guard i < tokens.count, tokens[i] == .close else { throw SafetyCompiler.Problem(description: "missing )") }
            i += 1
            return inner
        case .optOpen:
            let inner = try alternatives()
            guard i < tokens.count, tokens[i] == .optClose else { throw SafetyCompiler.Problem(description: "missing ]") }
            i += 1
            return .opt(inner)
        case .macro(let name): return .macro(name)
        case .end: return .clauseEnd
        case .start: return .clauseStart
        case .number: return .number
        case .gap(let n): return .gap(n)
        case .gapAcross(let n): return .gapAcross(n)
        case .not:
            guard i < tokens.count else { throw SafetyCompiler.Problem(description: "! at the end") }
            return .not(try atom())
        default:
            throw SafetyCompiler.Problem(description: "unexpected \(t)")
        }
    }
}

extension Array where Element == Int32 {
    /// The values in increasing order, each once (what `Array(Set(self)).sorted()` gives, without
    /// hashing).
    func sortedUnique() -> [Int32] {
        var values = sorted()
        guard values.count > 1 else { return values }
        var kept = 1
        for k in 1..<values.count where values[k] != values[kept - 1] {
            values[kept] = values[k]
            kept += 1
        }
        values.removeLast(values.count - kept)
        return values
    }

    /// Whether this sorted array holds `value`.
    func binarySearchContains(_ value: Int32) -> Bool {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if self[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo < count && self[lo] == value
    }
}
