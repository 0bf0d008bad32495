import Testing
import SayItLaterCore

// Tests for the safety phrase matcher, through its public API only.
// Content note: these strings are short invented journal lines describing suicidal thoughts and
// self-harm, and everyday lines that use the same words. None are real people's words.

private let detector = SafetyDetector()

@Suite("SafetyDetector")
struct SafetyDetectorTests {

    // MARK: Normalisation

    @Test("case, apostrophes and missing apostrophes", arguments: [
        "I DON'T WANT TO LIVE ANYMORE",
        "i don’t want to live anymore",   // curly apostrophe (iOS smart punctuation)
        "i dont want to live anymore",    // apostrophe left out
        "I don‘t want to live anymore",   // left single quote used as apostrophe
        "Im going to kill myself",
        "I’m going to kill myself",
        "I'm Going To Kill Myself",
    ])
    func foldsCaseAndApostrophes(_ text: String) {
        #expect(detector.isConcerning(text))
    }

    @Test("spaces, line breaks and punctuation between the words of a phrase", arguments: [
        "I just...want...to die",
        "I want to\ndie",
        "I want to\r\n\r\ndie and nobody knows",
        "i    want   to     die",
        "I want. To. Die.",
        "I want to — die",
        "I 💔 want to die 💔",
        "Things I want:\n- to not wake up\n- quiet",
        "kill\u{200B}myself",            // zero-width space: read as "killmyself", one written form
    ])
    func ignoresLayoutBetweenWords(_ text: String) {
        #expect(detector.isConcerning(text))
    }

    // The matcher tries a phrase only where the word after its first can come second; a
    // number there ("the 14") must still let the phrase be tried.
    @Test("a number straight after a phrase's first word", arguments: [
        "the 14 ive picked. that's when",
        "the 28. that is the night i picked",
        "The 9, that's when.",
    ])
    func numberAsSecondWord(_ text: String) {
        #expect(detector.isConcerning(text))
    }

    @Test("censored letters, digits for letters, zero-width characters inside a word", arguments: [
        "I want to k*ll myself",
        "I want to k!ll myself",
        "i want to k1ll myself",
        "feeling su!c!dal tonight",
        "thinking about s*icide again",
        "I want to ki\u{200B}ll myself",
    ])
    func readsCensoredWords(_ text: String) {
        #expect(detector.isConcerning(text))
    }

    @Test("text speak and slang", arguments: [
        "i want 2 die",
        "wanna die so bad rn",
        "gonna kill myself",
        "kms. not joking",
        "i wanna kms tonight",
        "thinking about unaliving myself",
        "might top myself tbh",
        "wish i could go 2 sleep n never wake up",
        "i dont want to wake up tmrw",
        "sewer slide is all i think about",
    ])
    func readsSlang(_ text: String) {
        #expect(detector.isConcerning(text))
    }

    @Test("common misspellings and one typo on long key words", arguments: [
        "I keep thinking about sucide",
        "i feel suicdal",
        "i wnat to die",
        "I want to kil myself",
        "thinking of killin myself",
        "i dont want to be alive anymoer",
        "everyone would be beter off without me",
        "I want to end my lfie",
        "I’ve started self harming agian",
        "I cutt myself last night",
    ])
    func toleratesTypos(_ text: String) {
        #expect(detector.isConcerning(text))
    }

    @Test("typo tolerance does not turn real words into key words", arguments: [
        "That coffee was so bitter off the machine without milk",   // bitter is not better
        "The drill was suicides, ten of them",                      // plural drill name
        "I keep burying myself in paperwork",                       // burying is not burning
        "Thanking myself for booking the day off",                  // thanking is not thinking
    ])
    func typoToleranceIsBounded(_ text: String) {
        #expect(!detector.isConcerning(text))
    }

    // MARK: Whole words

    @Test("matching is on whole words only", arguments: [
        "I want to skill myself up in Python",
        "The sheet I dyed came out blue, I wanted to dye the other one too",
        "She's such a killjoy about the party",
        "I want to diet properly this time",
        "Overkill, myself included, everyone brought cake",
        "He studied suicidology history? No, sociology",
        "I want to bedie the room with fairy lights",
    ])
    func wholeWordsOnly(_ text: String) {
        #expect(!detector.isConcerning(text))
    }

    @Test("the same words as whole words do match", arguments: [
        "I want to kill myself",
        "I want to die",
    ])
    func wholeWordControls(_ text: String) {
        #expect(detector.isConcerning(text))
    }

    // MARK: Phrase families (each flags)

    @Test("direct ideation", arguments: [
        "I want to die.",
        "I really want to be dead.",
        "I've been thinking about killing myself.",
        "I'm going to kill myself before the weekend.",
        "I want to end my life.",
        "Thinking about ending it all.",
        "I want to end it.",
        "Been considering suicide for weeks.",
        "I feel suicidal tonight.",
        "I've had thoughts of taking my own life.",
        "Part of me wants to die.",
        "Suicide feels like the only way out.",
        "I hope I die in my sleep.",
        "I'd rather be dead than keep going like this.",
    ])
    func directIdeation(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("passive ideation", arguments: [
        "I don't want to wake up tomorrow.",
        "I hope I don't wake up.",
        "I wish I could fall asleep and never wake up.",
        "I wish I was dead.",
        "I wish I'd never been born.",
        "I'm so tired of being alive.",
        "What's the point in living?",
        "Life isn't worth living.",
        "There's no reason to keep going.",
        "Nothing left to live for.",
        "I don't want to exist anymore.",
        "I just want to stop existing.",
        "I don't want to be here anymore.",
        "I wouldn't care if I died tomorrow.",
        "I can't picture a future where I'm alive.",
        "I don't think I'll still be alive by summer.",
        "If I got hit by a car I wouldn't mind.",
        "I want to disappear forever.",
    ])
    func passiveIdeation(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("burden", arguments: [
        "Everyone would be better off without me.",
        "My family would be happier without me.",
        "They'd be better off if I was gone.",
        "Nobody would miss me if I died.",
        "No one would notice if I wasn't here.",
        "The world would be better without me in it.",
    ])
    func burden(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("plans and means", arguments: [
        "I've been saving up my pills.",
        "Looked up how many paracetamol it would take.",
        "Googling painless ways to die.",
        "I have enough tablets to make it stop.",
        "I've set a date to end it.",
        "I keep thinking about stepping in front of a train.",
        "Thinking about jumping off the bridge.",
        "I know how I'd kill myself.",
        "Took the whole packet of pills on purpose.",
    ])
    func plansAndMeans(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("farewell", arguments: [
        "This is my last entry.",
        "I won't be around much longer.",
        "By the time anyone reads this I'll be gone.",
        "Wrote goodbye letters to Mum and Dad.",
        "Last night on earth.",
        "I've given away my belongings.",
    ])
    func farewell(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("self-harm acts", arguments: [
        "I cut myself again.",
        "I cut my arm last night.",
        "Burned my wrist with a lighter.",
        "I hit myself until I bruised.",
        "Self harmed tonight.",
        "I've been hurting myself.",
        "Scratched my arms until they bled.",
        "Carved a word into my thigh.",
        "Cut again. Deeper.",
        "I banged my head against the wall until it hurt.",
        "Took too many tablets on purpose.",
    ])
    func selfHarmActs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("self-harm urges", arguments: [
        "I want to cut tonight.",
        "The urge to hurt myself won't go.",
        "I want to feel pain.",
        "I deserve to bleed.",
        "Fighting the urge to cut.",
        "Everything in me wants to self harm.",
        "Thinking about burning myself again.",
    ])
    func selfHarmUrges(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("self-harm relapse", arguments: [
        "Relapsed. 30 days clean gone.",
        "Broke my self harm streak.",
        "Relapsed on sh.",
        "Back to square one with the cutting.",
        "Slipped with the blade after two months.",
    ])
    func selfHarmRelapse(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("shorthand sh, s/h and SI in context", arguments: [
        "sh again tonight",
        "having s/h urges",
        "had a bad sh night",
        "SI really loud today",
        "passive SI all week",
    ])
    func shorthandInContext(_ text: String) { #expect(detector.isConcerning(text)) }

    // MARK: Exclusions (each must not flag)

    @Test("figurative killing", arguments: [
        "This commute is killing me.",
        "I could murder a pizza.",
        "Killing time before the dentist.",
        "Mum will kill me when she sees this.",
        "Kill me now, another meeting.",
        "I was killing myself laughing.",
        "Killed it in the interview.",
    ])
    func figurativeKilling(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("figurative dying", arguments: [
        "I'm dying to see it.",
        "That cake is to die for.",
        "I nearly died of embarrassment.",
        "I'd rather die than wear that jumper.",
        "My phone died on the train.",
        "Dead tired, early night.",
        "Dying my hair purple tomorrow.",
    ])
    func figurativeDying(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("housework, hobbies and accidents", arguments: [
        "Cutting the grass this afternoon.",
        "Burned the toast again.",
        "Cut myself shaving.",
        "Burned myself on the glue gun.",
        "Nearly killed myself falling off the ladder.",
        "Cut my finger chopping onions.",
        "Burnt my arm on the oven door.",
        "The cat scratched my arm.",
        "Cut myself a slice of cake.",
        "I overdosed on chocolate at Easter.",
        "Hurt myself at the gym.",
    ])
    func everydayActs(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("films, news, work and idioms", arguments: [
        "Watched Suicide Squad again.",
        "Did the suicide prevention training at work.",
        "Coach made us run suicides.",
        "Two admissions for self-harm on the ward tonight.",
        "Telling her would be social suicide.",
        "A thriller where the detective gets death threats.",
        "Signs someone is thinking about suicide, from the first aid course.",
        "I shot myself in the foot in that meeting.",
        "Cut myself some slack this week.",
    ])
    func topicsAndIdioms(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("ordinary sentences with the same verbs", arguments: [
        "I want to end it with Sam.",
        "I want to cut back on sugar.",
        "I don't want to live in London anymore.",
        "I'm tired of living with my parents.",
        "I don't want to wake up early tomorrow.",
        "Hope I don't wake up the baby.",
        "I'm going to take my life back after the divorce.",
        "Relapsed on the cigarettes, back to day one.",
        "90 days sober today.",
        "Panic attack on the bus, thought I was going to die.",
    ])
    func sameVerbsOrdinary(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("shorthand collisions", arguments: [
        "Ran 10 kms along the canal.",
        "The hotel was 2 kms from the beach.",
        "SH and I went to the market.",
        "Sh, don't tell anyone about the party.",
        "Sat in on the SI session for calculus.",
    ])
    func shorthandCollisions(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Negation never swallows a disclosure

    @Test("negation words inside a phrase keep it concerning", arguments: [
        "I don't want to live.",
        "I don't want to die but I don't want to live either.",
        "I'm not being dramatic, I want to kill myself.",
        "Not joking: I want to die.",
    ])
    func negationDoesNotSwallow(_ text: String) { #expect(detector.isConcerning(text)) }

    // MARK: Position and size

    @Test func concerningSentenceInsideLongEntry() {
        let ordinary = String(repeating: "Work was fine. Made pasta, watched the football, cut the grass. ", count: 200)
        #expect(!detector.isConcerning(ordinary))
        #expect(detector.isConcerning(ordinary + "\n\nI cut myself again tonight.\n\n" + ordinary))
        #expect(detector.isConcerning("- milk\n- bread\n- tell someone I've been hurting myself\n- bin bags"))
    }

    @Test func emptyAndTrivialText() {
        #expect(!detector.isConcerning(""))
        #expect(!detector.isConcerning("   \n\n  "))
        #expect(!detector.isConcerning("😂😂😂"))
        #expect(!detector.isConcerning("die"))
    }

    /// A long entry of everyday uses of trigger words does not flag (how fast it is checked is
    /// measured by Benchmarks/safety-throughput.sh, not here: timings in tests are not deterministic).
    @Test func longOrdinaryTextDoesNotFlag() {
        let ordinary = String(repeating: "My feet are killing me after the walk, dying for a cup of tea and then cutting the hedge. ", count: 2500)
        #expect(!detector.isConcerning(ordinary))
    }

    // MARK: Our own held-out paraphrases (not from the development set)

    @Test("held-out paraphrases that must flag", arguments: [
        "Some mornings I lie there wishing I hadn't woken up at all... no, wishing I never wake up.",
        "honestly i think everyone at home would be calmer if i was gone",
        "I can't go on like this anymore, I really can't.",
        "my sh scars are itching and i want to cut again",
        "Been counting my tablets every night.",
        "If I disappeared forever nobody would notice.",
        "i dont deserve to live",
        "Death would be a relief at this point.",
        "I keep picturing myself stepping in front of the bus.",
        "Wrote it all down and the letters are for when I'm gone.",
        "i'm so close to ending it tonight",
        "I wish my heart would just stop.",
        "The thought of dying is weirdly comforting.",
        "Everyone would be happier with me gone.",
        "Stubbed a cigarette out on my arm.",
        "Smashed my fist into the wall on purpose.",
        "If you're reading this, I'm gone.",
        "I've got a stash of pills hidden away.",
        "I keep daydreaming about my own funeral.",
        "If I didn't wake up tomorrow I'd honestly be fine with that.",
        "Every night I ask for it to be my last.",
        "I'm exhausted by living.",
        "I know the dose that would kill me.",
        "My arms are itching for the blade.",
        "My wife would be free if I was gone.",
    ])
    func heldOutFlags(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("held-out paraphrases that must not flag", arguments: [
        "This spreadsheet will be the death of me.",
        "I'm dead set on the marathon.",
        "Lost the will to live in that three-hour meeting, ha.",
        "Gave my old bike away to my nephew.",
        "I'm drowning in emails.",
        "Reading a book about self-harm for my course.",
        "Relapsed and had a drink at the wedding.",
        "Got the blades sharpened on the lawnmower.",
        "The last entry in the logbook was from 2019.",
        "I could sleep forever after that hike.",
        "I'm dying laughing at this video.",
        "Honestly could strangle the printer.",
        "Twisted my knee on the stairs and hurt myself badly.",
        "Wrote a lesson plan on self-harm awareness for Year 8.",
        "I'm killing myself with all this overtime.",
        "A patient with suicidal thoughts was handed over to the crisis team.",
        "Cut my leg open on the bike pedal.",
        "Collecting my prescription tomorrow.",
        "I need to cut myself off from social media.",
        "I'm killing myself to finish this report on time.",
        "I'm not going to be here much longer, moving to Leeds on Friday.",
        "The GP asked if I'd ever thought about hurting myself. I haven't.",
        "Stockpiling tins for the winter.",
    ])
    func heldOutNoFlags(_ text: String) { #expect(!detector.isConcerning(text)) }
    // MARK: Families added for generalisation (each failed before its phrases were added)

    @Test("spaced-out and separated letters", arguments: [
        "s u i c i d a l again tonight",
        "feeling s-u-i-c-i-d-a-l",
        "i want to d i e",
        "I want to k i l l myself",
        "sui*cide is all I think about",
    ])
    func spacedLetters(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("spaced letters that spell nothing concerning", arguments: [
        "Plan A, B, C and D all failed",
        "Grade: A B C, all fine",
        "The T-i-m-e-s crossword beat me",
    ])
    func spacedLettersOrdinary(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("not wanting to be here, without 'anymore'", arguments: [
        "I don't want to be here.",
        "honestly i dont want to be here",
        "I just don't want to be on this earth.",
        "I wish I could just not be here.",
        "I don't think I want to live anymore.",
    ])
    func notWantingToBeHere(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("not wanting to be somewhere in particular", arguments: [
        "I don't want to be here when the plumber comes.",
        "I don't want to be here for the whole speech, can we go after dinner?",
        "I don't want to be here in five years, I want a house by the sea.",
    ])
    func notWantingToBeSomewhere(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("implicit plans: means kept, places, attempts called off", arguments: [
        "Got a rope from the hardware shop. I know what it's for.",
        "The tablets are in the drawer for when I'm ready.",
        "I keep thinking about the level crossing by the station.",
        "Thought about the railway line again on the walk home.",
        "I couldn't go through with it last night.",
        "I nearly did it on Sunday.",
        "Been putting aside a few of my tablets each week.",
        "I have enough pills saved now.",
        "I'm going to overdose this weekend.",
        "Sat with the pills in my hand for an hour.",
        "I tried to kill myself in the spring.",
    ])
    func implicitPlans(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("the same words in ordinary plans", arguments: [
        "Bought some rope for the washing line.",
        "Thought about the level crossing closure, it adds twenty minutes.",
        "Couldn't go through with the haircut, I chickened out.",
        "Got the rope for the climbing session.",
        "Thinking about the bridge section of my song.",
        "I'm going to overdose on chocolate this weekend.",
    ])
    func ordinaryPlans(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("'end it' about a relationship", arguments: [
        "I want to end it. He never listens and the relationship is dead in the water.",
        "I think I need to end it with my boyfriend.",
        "I'm going to end it tonight, my husband has been cheating.",
    ])
    func endItRelationship(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("'end it' with no relationship in the entry still flags", arguments: [
        "I want to end it.",
        "I've been thinking about ending things.",
        "Going to end it tonight.",
    ])
    func endItAlone(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("medication routines", arguments: [
        "Counting my tablets into the weekly organiser, as usual.",
        "Counted my pills and need to reorder the sertraline.",
        "The pharmacist counted out my tablets.",
        "Sorted my pills into the dosette box for the week.",
    ])
    func medicationRoutine(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("counting or setting aside tablets with intent", arguments: [
        "Counting my tablets again to see if there are enough.",
        "Kept back some of my sertraline each week.",
    ])
    func countingWithIntent(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("passive wishes in other words", arguments: [
        "Part of me hopes I don't wake up tomorrow.",
        "I pray every night that I won't wake up.",
        "Every morning I'm disappointed I woke up.",
        "I keep wishing a lorry would hit me.",
        "It would be so much easier to just not exist.",
        "Dying would honestly be a relief.",
        "I'd rather be dead than keep feeling this.",
        "I'm tired of fighting to stay alive.",
        "The only thing I want is to not be alive.",
        "I'm only still here because of my cat.",
        "I want out. Out of life.",
    ])
    func passiveWishes(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("burden in other words", arguments: [
        "Would anyone even care if I died?",
        "If I died, who would miss me?",
        "They'd all be fine without me.",
        "Nobody would miss me.",
    ])
    func burdenParaphrases(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("'fine without me' for a while", arguments: [
        "The kids will be fine without me for one night.",
        "They'd be fine without me at the meeting.",
    ])
    func fineWithoutMeForAWhile(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("farewell and self-harm in other words", arguments: [
        "If anyone finds this, I'm sorry.",
        "I'm sorry for everything. I love you all. Goodbye.",
        "Did it again, the razor this time.",
        "Punched the wall until my knuckles bled.",
        "All I can think about is cutting.",
        "Was 90 days clean from cutting.",
        "relapsed w sh last nite",
        "i want to 💀 myself",
        "Burned myself with the kettle on purpose.",
        "Been writing goodbye messages on my phone.",
        "Thinking about jumping off the platform when the express comes.",
    ])
    func farewellAndSelfHarmParaphrases(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("emoji read as the words they picture", arguments: [
        "want to 💤 forever",
        "i want to 😴 and never wake up",
        "the 🪒 came out again last night",
        "i want to 🗡 myself",
    ])
    func emojiAsWords(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("the same emoji in ordinary days", arguments: [
        "💤 so tired after the night shift",
        "🛌 early tonight, long week",
        "new 🪒 for shaving, the old one was blunt",
        "✂️ cut along the dotted line for the craft",
        "⚱️ grandad's ashes arrived today",
    ])
    func emojiInOrdinaryDays(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("styled letters read as the plain letters they picture", arguments: [
        "i want to 𝓭𝓲𝓮",                       // script, from a font generator
        "I WANT TO 𝐃𝐈𝐄",                       // mathematical bold capitals
        "i want to 𝕕𝕚𝕖",                       // double-struck
        "i want to ｄｉｅ",                     // full width
        "i want to ᴅɪᴇ",                       // small capitals
        "ⓘ ⓦⓐⓝⓣ ⓣⓞ ⓓⓘⓔ",                        // circled
        "🅸 🆆🅰🅽🆃 🆃🅾 🅳🅸🅴",                        // squared
        "i want to d̶i̶e̶",                      // struck through
        "i want to d̲i̲e̲",                      // underlined
        "i want to ď̷̨i̸e̴",                      // stacked marks
        "i want to dïe",                       // accents
        "i want to kíll myself",
        "i want to kіll myself",               // Cyrillic і for i
        "і wаnt tо dіе",                       // Cyrillic а о і е
        "i'm 𝓼𝓸 𝓭𝓸𝓷𝓮, 𝓲 𝔀𝓪𝓷𝓽 𝓽𝓸 𝓴𝓲𝓵𝓵 𝓶𝔂𝓼𝓮𝓵𝓯",
    ])
    func styledLetters(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("styled letters, accents and other scripts in ordinary days", arguments: [
        "𝓣𝓸𝓭𝓪𝔂 𝔀𝓪𝓼 𝓪 𝓰𝓸𝓸𝓭 𝓭𝓪𝔂",
        "Café au lait with Zoë and her naïve fiancé",
        "𝐃𝐄𝐀𝐃𝐋𝐈𝐍𝐄 𝐅𝐑𝐈𝐃𝐀𝐘 — killing it at work though",
        "Мы пошли в парк, было тепло",
        "Σήμερα ήταν καλή μέρα",
        "🇺🇸 trip with us, then 🇮🇪 in May",     // flags are not read as letters
    ])
    func styledLettersInOrdinaryDays(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("explain shows styled words as they were written")
    func explainSpanOfStyledLetters() {
        let counting = detector.explain("ok. i want to 𝓭𝓲𝓮 now").filter { $0.cancelledBy == nil }
        #expect(counting.contains { $0.span == "want to 𝓭𝓲𝓮" })
    }

    @Test("a full stop inside a sentence does not end it: a quotation cue before V.O. still reaches the quote")
    func fullStopInsideASentence() {
        #expect(!detector.isConcerning("Screenplay draft. MARA (V.O.): 'I want to die tonight.' Cut to the kitchen."))
        #expect(!detector.isConcerning("Screenplay draft. MARA (VO): 'I want to die tonight.' Cut to the kitchen."))
        // The writer's own words next to the same dots still flag.
        #expect(detector.isConcerning("Saved it as notes.txt and I want to kill myself tonight."))
        #expect(detector.isConcerning("Everything, e.g. work, makes me want to die."))
        #expect(detector.isConcerning("I want to die.I mean it."))
        #expect(detector.isConcerning("i.want.to.die"))
    }

    @Test("a welcomed accident and a height, in ordinary days", arguments: [
        "Wouldn't mind if the bus got me home earlier for once.",
        "Wouldn't care if the train took us to the coast instead.",
        "The new shelf? It's high enough for the boats to sit on.",
        "Checked the fence, it's high enough to keep the dog in.",
    ])
    func welcomedAccidentAndHeightOrdinary(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("a welcomed accident and a height, said of the writer", arguments: [
        "Wouldn't mind if the bus hit me on the way home.",
        "I would not care if a lorry killed me tomorrow.",
        "Looked down from the bridge again. It's high enough.",
    ])
    func welcomedAccidentAndHeight(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("professional, reported and everyday uses of the new families", arguments: [
        "Training covered how to ask about suicidal thoughts.",
        "What to do if a pupil says they want to die.",
        "I talk to people who are suicidal most shifts.",
        "I won't be around much longer at this company.",
        "Fell off my bike on the way in, grazed my knee, nearly killed myself.",
        "Therapist asked if I'd had thoughts of harming myself and I said no.",
        "Life isn't worth living without coffee.",
        "I'm dead 💀 this meme",
    ])
    func newFamiliesOrdinary(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("saying no and then taking it back still flags")
    func denialTakenBack() {
        #expect(detector.isConcerning("She asked if I'd had thoughts of ending my life and I said no. The truth is yes."))
    }
}
