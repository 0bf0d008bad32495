// The safety phrase table: what the safety matcher looks for, in a form a clinician or reviewer
// can read and amend without touching the matching code (SafetyDetector.swift).
//
// HOW TO READ A PHRASE
// Text is normalised before matching: lower case, apostrophes dropped ("don't" and "don’t" are
// both "dont"; "I'm" is "im", "I've" is "ive", "I'll" is "ill", "I'd" is "id"), slang and common
// misspellings rewritten (see `aliases`), and punctuation, emoji and line breaks between words
// ignored. Words always match whole words only: "kill" never matches inside "skill".
//
//   kill myself      the words in this order (anything that is not a word may sit between them)
//   (a|b c)          one of the alternatives: "a", or "b c"
//   [just]           optional
//   (a|b)?           optional group (same as [a|b])
//   ~3               up to three other words, all in the same sentence
//   ~~8              up to eight other words, which may run over sentence ends
//   ~0               no sentence end here (the next word is in the same sentence)
//   $                the clause ends here: end of sentence, comma, dash, end of text
//   ^                a clause starts here (start of text, sentence or list item)
//   !(in|with)       only if NOT followed by "in" or "with"
//   #num             a number written in digits ("47")
//   <NAME>           a building block from `buildingBlocks`, e.g. <MYSELF> for myself / my self
//
// Phrases in `concerning` make an entry flag. A phrase in `everydayLanguage` that overlaps a
// concerning match cancels that match (so "cut myself shaving" does not flag, but a second,
// separate concerning sentence in the same entry still does). Keep those exclusions narrow.
// The tests in SafetyDetectorTests.swift cover every family; add a test when adding a phrase.

enum SafetyPhrases {

    // MARK: - Building blocks

    /// Reusable word lists, referred to as <NAME> in phrases.
    static let buildingBlocks: [(String, String)] = [
        // Small words people put inside a phrase: "I just really want to die", "lowkey want to die".
        ("ADV", "(just|really|so|actually|honestly|genuinely|seriously|literally|truly|kind of|sort of|lowkey|highkey|still|also|even|all|badly|desperately|sometimes|often|quietly|secretly|simply|finally|almost|completely|totally|fully|fucking|fking|fkn|bloody|sincerely|deeply|very|quite|pretty|properly|definitely|probably|maybe|ngl|tbh|now|already|always|constantly|somehow|mostly|partly|occasionally|increasingly|ever|again|weirdly|strangely|oddly|surprisingly|actually|wholeheartedly|privately)"),
        ("A", "[<ADV>] [<ADV>]"),
        // How many, in words or digits, for spans of time ("five years", "a couple of months").
        ("SPAN", "((#num|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|many|a few|several|a good few|some|a couple of) [one|two|three|four|five|six|seven|eight|nine])"),
        // The writer as object of their own act.
        ("MYSELF", "(myself|my self|meself|my own self)"),
        // Verbs of wanting, wishing, planning or being ready, used before "to die" and similar.
        ("DESIRE", "(want|wants|wanted|wanting|wish|wishes|wished|wishing|hope|hopes|hoped|hoping|need|needed|needing|pray|praying|prayed|long|longing|longed|yearn|yearning|ready|desperate|aching|like|love|prefer|deserve|deserves|deserved|wait|waiting|planning|plan|plans|planned|decided|deciding|tempted|trying|tried|intend|intending|choose|choosing|chose|urge|urges)"),
        // Wanting, thinking about or intending something (before a method: "thinking about jumping").
        ("INTENT", "(want|wants|wanted|wanting|wish|wishing|hope|hoping|need|ready|desperate|planning|plan|plans|planned|decided|tempted|trying|tried|intend|intending|going|urge|urges|think|thinks|thinking|thought|thoughts|considering|considered|contemplating|imagine|imagining|imagined|picture|picturing|pictured|fantasise|fantasising|fantasize|fantasizing|fantasy|fantasies|daydream|daydreaming|dream|dreaming|could|should|might|keep|kept|wondering|wonder|easy|easier|obsessing|obsessed)"),
        // Times that make an intention concrete.
        ("TIME", "(tonight|today|tomorrow|soon|now|right now|forever|for good|once and for all|permanently|already|for real|properly|this (week|weekend|time|year|month)|next (week|month)|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday|my birthday)|before (christmas|my birthday|the weekend|summer|new year|anyone))"),
        // "anymore", "any more", "any longer".
        ("ANYMORE", "(anymore|any more|any longer|no more|at all)"),
        // Negation as people write it.
        ("NOT", "(not|never|dont|do not|didnt|did not|cant|can not|no longer|wont|will not|wouldnt|would not|isnt|is not|aint)"),
        // Ways of saying suicide, including algospeak.
        ("SUICIDE", "(suicide|sewer slide|self deletion|self deleting|self delete|unaliving|suicidal thoughts)"),
        // Verbs for ending one's life, used with <MYSELF>.
        ("KILLV", "(kill|kills|killed|killing|unalive|unalives|unalived|unaliving|top|tops|topped|topping|off|offing|offed|end|ending|ended|hang|hanging|hanged|hung|drown|drowning|drowned|shoot|shooting|shot|gas|gassing|poison|poisoning|poisoned|suffocate|suffocating|electrocute|strangle|strangling)"),
        // Verbs of self-injury, used with <MYSELF> or a body part.
        ("HARMV", "(cut|cuts|cutting|slit|slitting|slash|slashed|slashing|slice|sliced|slicing|carve|carved|carving|burn|burns|burned|burnt|burning|hurt|hurts|hurting|harm|harms|harmed|harming|injure|injured|injuring|hit|hits|hitting|punch|punched|punching|scratch|scratched|scratching|bite|bit|biting|bitten|stab|stabbed|stabbing)"),
        // Body parts where self-injury is usually described (not hands, fingers, knees, face).
        ("BODY", "(arm|arms|wrist|wrists|forearm|forearms|upper arm|upper arms|inner arm|thigh|thighs|inner thigh|inner thighs|leg|legs|stomach|belly|tummy|hip|hips|skin|ankle|ankles|chest|shoulder|shoulders|side|sides|ribs|calf|calves|body|flesh)"),
        // Medicines and tablets (for stockpiling and overdose phrases).
        ("MEDS", "(tablets|tablet|pills|pill|meds|medication|medications|medicine|paracetamol|painkillers|oxycodone|oxycontin|fentanyl|morphine|sleeping pills|sleeping tablets|antidepressants|prescription|prescriptions|sertraline|citalopram|fluoxetine|codeine|cocodamol|co codamol|insulin|ibuprofen|aspirin|diazepam|zopiclone|tramadol|morphine|opioids|lithium|quetiapine|mirtazapine|amitriptyline|propranolol)"),
        // Means someone might keep or buy for a suicide attempt (for implicit-plan phrases).
        ("MEANS", "(rope|ropes|noose|blade|blades|razor|razors|razor blades|knife|charcoal|hosepipe|hose|helium|ligature|gun|bullets|<MEDS>)"),
        // Places used as a method, in "thinking about the level crossing".
        ("METHODPLACE", "(level crossing|railway line|railway|train line|train tracks|tracks|railway tracks|cliff edge|cliffs|cliff|bridge|viaduct|motorway bridge|rooftop|multi storey|car park roof|top floor of the car park|ledge|edge|quarry|reservoir|weir|tower block|the flats|dam|dam wall|the dam)"),
        // Shorthand for self-harm ("sh", "s/h").
        ("SH", "(sh|s h|s hd)"),
        // Self-harm written out ("self harm", "self-harm", "selfharm", "self injury").
        ("SELFHARM", "(self (harm|harms|harmed|harming|injury|injure|injured|injuring|mutilation|mutilate|mutilating|mutilated))"),
        // The writer being gone, dead or never having existed (for burden phrases).
        ("IGONE", "(i <A> (was|were|am) <A> (gone|dead|not here|not around|not alive|never born|out of the picture|out of the way|no longer here|no longer around) | i <A> (wasnt|werent|was not|were not) <A> (here|around|alive|born|in (it|the picture|their lives|the way|the world)) | im <A> (gone|dead|not here|not around|no longer here|no longer around) | i <A> (died|die|disappeared|vanished|killed myself|didnt exist|never existed|stopped existing|didnt wake up|never woke up|ended it|ended my life|was to die|were to die|left for good|went away for good|ceased to exist|took my life|took my own life|wasnt alive))"),
        // Continuing to live (for "I'd rather be dead than go on like this").
        ("GOON", "(go on|going on|live|living|carry on|carrying on|keep going|keep living|be alive|being alive|be here|being here|feel like this|feeling like this|face another|wake up|waking up|spend another|continue|continuing|go through this|do this|exist|existing|stay alive|stay here|keep feeling|feel this|feeling this|feel this way|hurt like this|suffer|suffering|keep (suffering|hurting|struggling|fighting|existing|waking up|living)|live with this|deal with this)"),
        // Words after "live" that show it is about where or how to live, not about living at all.
        // Words after "wake up" that show an ordinary morning ("wake up early", "wake up the baby").
        ("WAKEFOR", "(the|my|him|her|them|anyone|everyone|anybody|you|us|early|late|at|before|in time|on time|too|so early|until|till|with|for|feeling|tired|hungover|grumpy|and go|and do|and get|and make)"),
        // Words after a bare "cut" that show it is not about skin ("cut back", "cut costs").
        ("CUTFOR", "(the|a|an|some|back|down|out|off|in|it|them|costs|corners|ties|loose|through|across|class|classes|school|sugar|carbs|calories|spending|losses|my hair|my fringe|my nails|my own hair|hair|wood|fabric|paper|grass|hedge|onions|bread|cake|for)"),
        ("NOTLIFE", "(in|with|near|at|there|here|on|off|together|alone|abroad|beyond|out|by|under|next|so|as|up|down|forever|nearby|somewhere|anywhere|close|like (a|an|them|him|her|that|my|those|this city|they)|without (my|a|the|him|her|them)|through|rent|paycheck)"),
    ]

    // MARK: - Concerning phrases

    /// Phrase families that make an entry flag.
    static let concerning: [SafetyPhraseGroup] = [
        SafetyPhraseGroup(
            name: "kill myself",
            note: "Killing oneself said outright, in any tense, including slang (top myself, unalive myself, off myself, do myself in, kms in a clear context). Accidents and idioms are excluded in everydayLanguage.",
            phrases: [
                "<KILLV> <MYSELF> !(up|off|out|down|in (work|the work|paperwork|coffee|tea|wine|chores|emails|revision|books|tv))",
                "(do|doing|did|done) <MYSELF> in",
                "(want|wanna|going|about|ready|planning|need) to [<A>] (emojideath|emojiweapon) <MYSELF>",
                "<DESIRE> [<A>] to [<A>] emojideath ($|<TIME>|fr|for real|not joking)",
                "(want to|going to|about to|might|will|ill|could|should|just|literally|need to|gon|i|im|actually|seriously|really|finally|to just) [<ADV>] kms",
                "^ kms",
                "kms (genuinely|seriously|for real|fr|irl|tonight|right now|ngl|not joking|no joke|honestly|istg|i mean it|again|$)",
                "(want to|going to|thinking about|thinking of|planning to|ready to|try to|tried to) [<ADV>] unalive",
                "(want|going|planning|plan|thinking|ready|decided|about) (to|about|of)? [<ADV>] ctb",
                "(thinking|thought|thoughts) [<A>] (about|of) [<A>] kms",
                "(take|taking|took) myself out !(for|to|on|of|shopping|dancing|walking|clubbing|there|somewhere|again|more|at|into|in)",
                "(should|could|might as well|ought to) [<A>] (stop living|stop existing|stop breathing)",
                "(ending|ended|end) my (lice|lief|lyfe)",
                "(they|he|she) (had a point|were right|was right|are right|have a point) ~~10 (should|might as well) [<A>] do it",
            ]),
        SafetyPhraseGroup(
            name: "end my life",
            note: "Ending or taking one's own life, ending it all. \"End it\" alone only at the end of a clause (\"I want to end it.\"), so \"end it with him\" does not match.",
            phrases: [
                "(end|ends|ended|ending|take|takes|took|taking|taken|finish|finishing|finished) (my|my own) (life|existence) !(back|in (my|a new|new|hand|hands|the right direction|a different direction)|into (my|my own) hands|forward|forwards|seriously|to the next level|apart|over|story)",
                "(end|ending|ended) (it|this|everything) all",
                "(want to|going to|need to|ready to|wish i could|i could|planning to) [<ADV>] end everything $",
                "(end|ending|ended) things (for good|forever|permanently|once and for all) $",
                "(want|wish|hope|need|pray|praying|wishing|wanting|hoping) ~2 my life (to|would|will|could) [<A>] (end|be over|stop|finish)",
                "(check|checking) out (of life|for good|permanently)",
                "(want|wanted|need|needing|wish i was|wish i could get) out ~~3 of (life|this life|living|existence|existing|being alive|this world)",
                "(give|giving|given|gave) up on (life|living|being alive|staying alive) !(in|as|at)",
            ]),
        SafetyPhraseGroup(
            name: "end it (bare)",
            note: "\"I want to end it.\" and \"thinking of ending it\" with nothing after. Off when the entry talks about a relationship, where \"end it\" means breaking up (see notInTheseContexts).",
            phrases: [
                "(to|ill|i will|im going to|going to|i could|i should|i might|just|finally|i want to|ready to) [<ADV>] end (it|things) [<ADV>] [<TIME>] $",
                "(thinking|thought|thoughts|think|considering|planning|plan|decided|ready|way|date|place|means|close|near|verge|edge|brink) (of|about|to|on)? [<ADV>] (ending|end) (it|things) [<TIME>] $",
                "end it (tonight|soon|for good|once and for all|forever|permanently|this weekend|this week)",
                "(tried|try|trying|attempted|attempt) to end it ($|<TIME>|last|again|in|before|twice|once|and)",
                "(should|would|could|ought to) (have|ve) ended it (last|then|years|months|when|before|long ago|back)",
                "(thinking|thought|thoughts|think|considering|planning) (of|about) [<A>] (ending|end) (it|things) (fr|for real|again|tbh|ngl|lately|a lot|every day|almost every day|nearly every day|all the time|properly|seriously)",
                "(this is|thats|that is|here is) where it (all)? ends for me",
                "^ ending it $",
            ],
            unlessEntryMentions: "a relationship"),
        SafetyPhraseGroup(
            name: "suicide and suicidal",
            note: "The writer thinking about, considering or planning suicide; feeling suicidal. Suicide as a topic (training, news, films, social suicide) is not matched or is excluded.",
            phrases: [
                "(think|thinks|thinking|thought|thoughts|considering|consider|considered|contemplate|contemplating|contemplated|planning|plan|planned|attempt|attempted|attempting|commit|committing|committed|googling|googled|fantasising|fantasizing|obsessing|obsessed) (about|of|on)? [<A>] (committing|commiting)? <SUICIDE>",
                "<SUICIDE> (is|was|seems|feels|felt|looks|sounds|would be|is becoming) ~3 (only|best|easiest|answer|option|way out|escape|solution|way)",
                "(suicide|suicidal) (thoughts|thought|feelings|feeling|urges|urge|ideation|plans|plan|methods|method|thinking)",
                "(methods|method|ways) of <SUICIDE>",
                "(<SUICIDE>|dying|killing myself|ending it|ending my life|being dead|not existing) (is|s) (all|the only thing) (that)? i [<A>] (think about|want|dream about|can think about|think of)",
                "(<SUICIDE>|killing myself|ending it|ending my life|ending it all) ~8 (the|my|an|only|best|easiest) (answer|option|way out|solution|escape)",
                "(my|commit) (suicide|sewer slide)",
                "(insurance|policy) ~6 (suicide|sewer slide)",
                "suicidal",
                "(sewer slide|self deletion)",
                "(thinking|thought|thoughts|considering|considered|contemplating|contemplated|planning) ~2 (about|of|on) [<A>] (committing)? <SUICIDE>",
                "(unalive|unaliving|sewer slide|kms|ctb) (thoughts|thought|urges|urge|ideation|plans|plan|arc|era|mode)",
                "(choose|chose|choosing|pick|picking) my (own)? (death|end|time to die|way out)",
                "(think|thinking|thought) about how (id|i d|i would|ill|i will) do it ($|every|almost|all|again|a lot|constantly|tonight|now)",
                "(think|thinking|thought|wonder|wondering) (about)? how (to|i could|i can|id) make (it|everything|this) all (stop|end|go away)",
            ]),
        SafetyPhraseGroup(
            name: "wanting to die",
            note: "Wanting, wishing, hoping, needing or planning to die or be dead; wanting not to live, not to exist. \"Going to die\" and \"about to die\" are left out because they are usually figurative.",
            phrases: [
                "<DESIRE> [<A>] to [<A>] (die|be dead|not be alive|not live|not exist|stop living|stop existing|cease to exist|not be here <ANYMORE>|be gone forever|be gone for good|sleep forever|go to sleep forever|fall asleep forever|never wake up|not wake up|stop breathing|not be around <ANYMORE>|join (him|her|them|mum|dad|mom) (in heaven|up there))",
                "<DESIRE> [<A>] to [<A>] (dye $|not be here [<A>] $)",
                "(all|only thing|one thing|thing|everything) (that)? i [<A>] (want|wish for|need|long for|think about|dream about|dream of|can think about) [<A>] (now|anymore)? (is|is to) [<A>] (to)? [<A>] (die|be dead|not be alive|not exist|not being alive|being dead|not existing|not be here|not wake up|not waking up|killing myself|ending it|ending my life|to stop existing)",
                "<DESIRE> (that)? (i|id|i could|i would|i can|i might|ill|i will|i d|i ll|i ll) [<A>] (stop living|stop breathing|not be here ($|<ANYMORE>)|not be alive|not wake up|not exist|die|be dead|disappear forever|disappear for good|stop existing|cease to exist|not exist|never wake up|sleep forever|drop dead|not be alive)",
                "(feel|feeling|felt) like [<A>] (dying|killing myself|ending it|ending my life|disappearing forever|not existing|not waking up)",
                "(wish|wished|wishing) (i|id) [<A>] (was|were|could be|be) [<A>] dead",
                "(wish|wished|wishing) (i|id) [<A>] (wasnt|werent|was not|were not|hadnt been|had not been|had never been|never been|had never|was never|never was) [<A>] (alive|born|here <ANYMORE>|around <ANYMORE>|been born|existed)",
                "(wish|wished|wishing|if) i [<A>] (didnt|did not|dont|do not|never|no longer) [<A>] (exist|existed)",
                "(dont|do not|didnt|did not|no longer|never) [<A>] (want|wish|feel like|need) [<A>] (to)? [<A>] (live !<NOTLIFE>|be alive|exist|be here <ANYMORE>|be here [<A>] $|do life <ANYMORE>|be (here|on|in) (on|in)? this (earth|world|planet)|go on living|keep living|carry on living|continue living|be around <ANYMORE>|stay alive|be living|go on <ANYMORE>|carry on <ANYMORE>|keep going <ANYMORE>)",
                "(i|id|im) [<A>] (be|would be|am|d be) [<A>] better off dead",
                "(i|me) [<A>] better off dead",
                "rather [<A>] (be dead|die|not be alive|not exist|not wake up|not be here) [<A>] (than [<A>] <GOON> | $)",
                "(i|id|i would) [<A>] (should|might as well|may as well|could as well) [<A>] (die|be dead|not exist|kill myself|end it)",
                "(might|may) as well [<A>] (be dead|die|not exist|not be here)",
                "(cant|can not|cannot) wait to (die|be dead|not exist|not wake up)",
                "looking forward to (dying|being dead|death|not waking up|not existing)",
                "(deserve|deserves|deserved) to (die|be dead|not exist|not be alive|not be here)",
                "(dont|do not|didnt) [<A>] deserve to (live|be alive|exist|be here)",
                "(death|dying|being dead|not existing|not being here|not being alive|not waking up) [<A>] (would|will|could|might|must) [<A>] (be|feel|seem|sound) [like] [<A>] (a relief|better|easier|peaceful|welcome|kinder|preferable|the answer|an escape|a release|a mercy|such a relief|so much easier|so much better|nicer|freedom|bliss|a blessing)",
                "(easier|better|simpler|kinder|nicer|a relief|preferable|less painful) [<A>] (for everyone|for them|for everybody)? (to|if i) [<A>] (not exist|stop existing|just die|die !(trying|on|in|of|for|than|laughing|a little)|be dead|not be here [<A>] $|not be alive|not wake up|disappear forever|kill myself|end my life|end it all|end it $)",
                "(death|dying|being dead|not existing|not being here|not being alive|not waking up) (would|will|could|seems|feels|sounds|looks|is|would be|must be|might be) (like)? [<A>] (a relief|better|easier|peaceful|welcome|kinder|preferable|the only way|the answer|the only option|an escape|a release|the best option|my only option|the way out|a mercy|a gift|such a relief)",
                "(i|im|ive|been|keep|kept|always) [<A>] (want|wanting|wanted|wish|wishing|long for|longing for|crave|craving) [<A>] death",
                "(the)? (idea|thought|thoughts|prospect) of (dying|death|being dead|not existing|not waking up|killing myself|ending it|ending my life|suicide) (is|feels|sounds|seems|has become|keeps|brings|gives) [<A>] (comforting|a comfort|peaceful|appealing|tempting|attractive|calming|soothing|nice|lovely|good|like a relief|a relief|like relief|like peace|like rest|like freedom|like an escape|me peace|me comfort)",
                "(dying|being dead|death|not existing|not being alive) (sounds|feels|seems|looks|would be|would feel) [<A>] (nice|comforting|peaceful|appealing|tempting|lovely|good|calming|soothing|like (a relief|peace|rest|freedom|an escape|the answer))",
                "(fantasising|fantasizing|fantasise|fantasize|daydreaming|daydream|dreaming|dream) (about|of) [<A>] (dying|being dead|my (own)? (death|funeral)|not existing|not being alive|killing myself|ending it|ending my life|suicide)",
                "(thinking|think|thought|thoughts) (about|of) [(is|was)] [<A>] (being dead|my (own)? funeral|not being alive|not existing)",
                "(imagining|imagine|imagined|picturing|picture|pictured|planning|planned) my (own)? funeral !(playlist|songs|music|hymns|plan|wishes|plot|insurance)",
                "(cutting|hurting myself|burning myself|the blade|self harm) (is|s) the only thing that (helps|works|makes it stop|calms me)",
                "(ask|asking|asked|pray|praying|prayed|hope|hoping|wish|wishing|want) (for)? (it|this|today|tonight|each day|every day|each night|every night|this one) (to be|is|was|will be|would be) my (last|final)",
                "(not|no longer|stopped being) [<A>] (scared|afraid|frightened) of (dying|death|being dead) ~5 (want it|welcome it|looking forward|ready|wish for it|hope for it|long for it)",
                "<DESIRE> [<A>] to [<A>] (stop being (alive|here|a person|a thing|me)|despawn|delete myself|uninstall myself|log off for good|log out of life)",
                "(wish|want|wanna) [<A>] (i could)? [<A>] (despawn|delete myself|uninstall myself)",
                "(sooner|soonest) [<A>] (be dead|die|not be alive|not exist|not wake up|not be here)",
                "(want|wanted|need|wish) (it|this|everything) all to (end|stop|be over)",
                "(dying|my death|me dying|being dead|killing myself|ending it|my dying) (is|would be|might be|s|could be) ~3 (kindest|best|only|fairest|most loving|last) (thing|gift|option|choice|way) ~4 (i could|for (her|him|them|everyone)|left)",
                "(better|best) (i|that i|if i|you|that you) [<A>] (die|should die|should not live|not live|am dead|are dead|am not here|are not here|not be here|should not be here) !(of|from|laughing|trying|doing|my|her|his|the|on|in)",
                "(better|best) (i|you) (am|are|was|were)? (not|no longer) (here|alive|around|living) (any more|anymore|at all)?",
                "(finish|end) my (live|lyf|lif)",
                "rather [<A>] (not wake up|be dead|not be here|not exist|die) and (not|never) (have to|face|deal)",
                "(go to sleep|fall asleep|close my eyes) ~3 (and)? [<A>] (not come back|never come back|never wake|be gone forever|be gone for good)",
                "(to|would|will|please|just) (take|call) me (home)? (in my sleep|tonight)",
                "(disappear|vanish) ~~6 (like i was never here|like i never existed|like i never was)",
                "(hoping|hope|hopes|hoped|wishing|wish|wishes|praying) ~~12 (thatd|that would|itd|it would|that d|it d) be the end of me",
                "(evaporate|evaporating|dissolve|dissolving) ~~6 (gone forever|for good|forever|not exist|nobody has to)",
                "(kindest|best) thing (i could|i can|id|i d) do ~5 (is|would be) (to)? (stop being around|die|disappear|not be here|be gone|go)",
                "(let that|let it|that ll|thatll|that will) be the end of me",
                "(lay|lie) down (and|an) (not|never) (get|getting) back up",
                "(tired of waiting|cant wait) (on|for) (him|god|the lord|lord) ~~10 (go home|take me|call me)",
                "(lord|god|heaven|him) ~~16 (id|i d|i would) (like|love) to go home early",
                "(sleep|go to sleep) and (skip|not do|never do) the waking (up)? part",
                "(want|wants) to (not|never) be here (any more|anymore)",
                "check out ~~6 (and)? (not|never) come back",
                "(wishing|wish|wished) the (lorry|car|bus|truck|van|train|driver) ~4 (hadnt|had not|didnt|did not) (swerved|stopped|braked|missed me|seen me)",
                "had i not woken",
                "disappointed to (open my eyes|wake up|wake|still be here)",
                "(so bad|be bad|matter) if i [<A>] (didnt|did not|never) make it (home|back|through)",
                "if the (plane|car|bus|train|ship|helicopter|boat) (went down|crashed|crashes|goes down|sank) ~~8 (wouldnt mind|would not mind|be relieved|relief|be glad|not mind)",
                "(easier|better) if i (was|were) with them now",
                "(wish|wished|wishing) (they|he|she|someone) (had not|hadnt|didnt|did not|never) (pulled|dragged|fished|got) me out",
                "(grand|great|nice|lovely|good|easier|better) if i [<A>] (didnt|did not|never) (wake|woke)",
                "(dont|do not) (get to|deserve to) keep living",
            ]),
        SafetyPhraseGroup(
            name: "passive ideation",
            note: "Not wanting to wake up, being tired of living, life not worth living, no reason or point to live, no future alive, not caring about dying, disappearing forever, hoping for a fatal illness or accident.",
            phrases: [
                "(hope|hopes|hoping|hoped|wish|wishes|wishing|wished|pray|prays|praying|prayed) ~4 (i|id) [<A>] (dont|do not|never|wont|will not|didnt|did not|wouldnt|would not) [<A>] (wake|woke) up ($|!<WAKEFOR>)",
                "(dont|do not|didnt|did not|never|not) [<A>] (want|wish) to [<A>] wake up [<A>] (tomorrow|again|ever|in the morning|anymore|any more|$)",
                "to (not|never) [<A>] wake up ($|!<WAKEFOR>)",
                "(sleep|asleep|bed|sleeping) and [<A>] (never|not|not ever|dont) [<A>] (wake|waking) up !<WAKEFOR>",
                "(go|going|fall|falling|drift|drifting) (to sleep|asleep|off) [<A>] (forever|and never wake up|and not wake up|for good|permanently)",
                "(mind|okay with|ok with|fine with|happy with|at peace with|dream of|dreaming of|thinking about|think about|thought of|fantasise about|fantasize about|idea of|hope for|wish for) [<A>] (not|never) waking up !<WAKEFOR>",
                "(tired|sick|exhausted|weary|done|finished|worn out) (of|with|by|from) [<A>] (being alive|living !<NOTLIFE>|existing|life !(admin|drawing|class|classes|coaching|insurance|lessons|skills|story|goals|hacks|in|with|at|as|on|here|there)|this life|breathing|waking up every day|waking up each day)",
                "(hate|hating) (being alive|existing|that im alive|that i exist)",
                "(disappointed|gutted|upset|annoyed|angry|sad|devastated|furious|hate|hated|hating|cursing|sorry) (that)? (i|im|i am) [<A>] (woke up ($|!<WAKEFOR>)|wake up ($|!<WAKEFOR>)|still alive|still here $|survived|didnt die|keep waking up|still breathing|alive (again|another day))",
                "(woke|waking|wake) up [again] (unfortunately|sadly|worst luck|disappointingly) $",
                "(wish|wishing|wished|hope|hoping|hoped|pray|praying|prayed) (that)? (a|the|some|someone|somebody|something) ~2 (would|will|could|might)? [<A>] (hit|hits|kill|kills|run|runs|knock|knocks|take|takes) me (over|down|out)? !(with|at|in|up|back|off|a|the|to)",
                "(no|isnt any|isnt a|is no|see no|dont see the|dont see any|cant see the|cannot see the|can not see the|what is the|whats the|wheres the|what even is the|not any|whats even the|what is even the|where is the|what really is the) [<A>] point (in|of|to)? [<A>] (living !<NOTLIFE>|life|being alive|existing|(going on|carrying on|keep going|keep living|continuing) !(with|at|to|in|like|about|for)|staying alive|waking up|me being here|my life|it all anymore)",
                "(nothing|no one|nobody|none) [left] (to live for|worth living for)",
                "(no|not one|not a single|not any|zero) [<A>] (reason|reasons) [left] to (live !<NOTLIFE>|keep living|go on|keep going|stay alive|be alive|carry on|exist|wake up)",
                "(cant|can not|cannot|dont|do not|couldnt) (find|think of|see|have|think) (a|any|one|a single) [good] (reason|reasons) to (live !<NOTLIFE>|keep living|go on|keep going|stay alive|be alive|carry on)",
                "(not|isnt|aint|no longer|never|wasnt|is not|was not) [<A>] worth (living !<NOTLIFE>|staying alive|being alive)",
                "(my|this)? life [<A>] (is|s|feels|seems)? [<A>] (not|isnt|aint|no longer) [<A>] worth (it|living|the effort|the pain) !(for|to|if|when)",
                "(cant|can not|cannot|dont|do not) (see|picture|imagine|envision|envisage) [<A>] (a|any|my)? future (where|in which|with|that has) (im|i am|i|me) [<A>] (alive|here|around|living|in it)",
                "(cant|can not|cannot|dont|do not) (see|picture|imagine) (myself|me) [<A>] (being)? alive (in|by|at|next|for|much|this time|past)",
                "(dont know if|not sure if|doubt|dont think|dont expect|not sure) (ill|i will|i ll|im going to|i am going to|i|id|i would|i can) [<A>] (still)? be alive !(to see|when the|for the)",
                "(i|ill|im|id) [<A>] (wont|will not|not going to|might not|may not|wouldnt|not) [<A>] (still)? be alive !(to see|when the|for the)",
                "(i|im) [<A>] (wont|will not|not going to) be (here|around) (this time next|much longer|for much longer|any longer)",
                "(dont know if|not sure if|doubt|dont think) (ill|i will|im going to|i) [<A>] (still)? be (here|around) (much longer|for much longer|for long|any longer)",
                "(wouldnt|would not|dont|do not|wont|will not|not|couldnt|could not|didnt|did not) [<A>] (mind|care|be bothered|be upset|be sad) (if|when) (i|im) [<A>] (died|die|was dead|were dead|dead|didnt wake up|never woke up|dont wake up|never wake up|wasnt here|wasnt alive|stopped existing|didnt exist|got sick and died|passed away|got hit|got run over|was hit|got killed|was killed|crashed|stopped breathing)",
                "if i [<A>] (got|get|was|were|did get|ever got) [<A>] (hit|run over|knocked down|killed) ~8 (wouldnt|would not|not|dont|wont|couldnt) [<A>] (mind|care|be upset|be sad|be bothered|fight it)",
                "(hope|hoping|wish|wishing|pray|praying|wished) (that)? (i|id) [<A>] (get|got|gets|would get|could get) [<A>] (hit by|run over|knocked down|killed)",
                "(hope|hopes|hoping|wish|wishes|wishing|pray|praying) (that)? (the plane|the train|the car|the bus|my car|this plane) (crashes|crash|goes down|hits me|would crash|will crash)",
                "if i [<A>] (died|didnt wake up|did not wake up|never woke up|wasnt here|was dead|were dead|stopped existing|didnt exist|just went) ~5 (fine|okay|ok|alright|a relief|better|happy|glad|wouldnt mind|dont mind|wouldnt care|dont care|not mind|peaceful|good)",
                "(living|existing|being alive) (feels|is|seems|has become|has felt) [<A>] (pointless|meaningless|unbearable|too much to bear|not worth it)",
                "(why|dont see why|cant see why|dont know why) (i|id) [<A>] (should|would|even|bother to)? [<A>] (keep living|go on living|carry on living|stay alive|bother living|keep going|be alive)",
                "why (bother|keep) (living|staying alive|being alive|existing)",
                "(if i|i could|i wish i could|i want to|wish i could|i just want to|want to) [<A>] (disappear|disappeared|vanish|vanished|fade away) [<A>] (forever|for good|permanently|for ever|and never come back|off the face of the earth)",
                "(stop|stopped|stopping|cease|ceased|ceasing) (existing|to exist) !(as a|as an)",
                "(want|wish|like|would like) to [<A>] (not|no longer|never) exist",
                "(wish|wished|wishing|hope|hoped|hoping|praying|pray) ~8 (shows|showed|shown|show|finds|found|find|comes back|came back|is|its|was|turns out|turned out|be) [<A>] (fatal|terminal|cancer|incurable|inoperable|something (awful|terrible|serious|fatal|sinister|bad|terminal))",
                "(wish|wished|wishing|hope|hoping|pray|praying) ~3 (i|id|ill|i will|i would) (had|have|get|got|develop|developed|catch) [<A>] (cancer|a terminal illness|something terminal|something fatal|a heart attack|an incurable)",
                "(wish|wished|hope|hoping|pray|praying) (my|this) (heart|body) (would|will) [<A>] (stop|give up|give out)",
                "(cant|can not|cannot) (go on|keep going|carry on) [<A>] (like this|like that)? [<A>] (living|anymore|any more|any longer)",
                "so (i|id) [<A>] (dont|wouldnt|wont|didnt|never|would not|will not) [<A>] have to (be here|be alive|exist|wake up|be around|live) <ANYMORE>",
                "(hope|hoping|hoped|wish|wishing|praying|pray) (that)? something (bad|terrible|awful|fatal)? (will|would|could|might)? (happen|happens|happened) to me",
                "(couldnt|could not) [<A>] (keep going|go on|carry on|take it anymore|take any more) $",
                "(cant|can not|cannot) [<A>] (stay|be) alive [<A>] <ANYMORE>",
                "(dont|do not|cant|cannot|can not) [<A>] (want to|bear to|face)? [<A>] (live through|survive) another (day|night|week|month|year|winter|summer|christmas|birthday)",
                "(tired|sick) of (being|staying) alive",
                "(tired|sick|exhausted|weary) of [<A>] (fighting|trying|struggling|pretending) to (stay alive|live|keep going|be alive|keep living|exist|stay here)",
                "(dont|do not) (think|know if|know whether|know that) i [<A>] (want|wish) to [<A>] (live !<NOTLIFE>|be alive|exist|be here <ANYMORE>|go on|carry on|keep going) [<ANYMORE>]",
                "(im|i am|i m) [<A>] only [<A>] (still)? (alive|here|around) (because|for|cause|coz)",
                "only (reason|thing) (im|i am|keeping me) [<A>] (still)? (alive|here|around|going)",
                "(want|wish|wanting|need) [<A>] (it|this|everything|the pain|my life) (all)? to [<A>] (end|stop|be over) (for good|forever|permanently)",
                "(content|happy|glad|fine|grand|ok|okay|at peace|ready) (to|if i) [<A>] (go to sleep|sleep|fall asleep|close my eyes) ~6 (not wake|never wake|didnt wake|not waking|stay under|not open them)",
                "if i (didnt|did not|dont|do not|never) wake up ~~8 (id be|i d be|i would be|wouldnt mind|would not mind|be grand|be fine|be glad|be happy|be ok|be content)",
                "(close my eyes|go to sleep|fall asleep) ~4 (and)? (stay under|never open them|not open them again)",
                "(if i could|wish i could|id like to|i d like to|want to|let me) [<A>] (slip away|drift away|fade away|go quietly|go peacefully) ~~8 (mercy|blessing|relief|for good|in the night|in my sleep)",
                "(had|have had|ive had) (my fill|enough) of (this life|life|living|being alive|this world)",
                "(tired|sick|weary) of being me",
                "(cant|can not|cannot|dont) see myself (being|still being|still) (about|around|here|alive) (by|at|for|past|in|come)",
                "(stopped|stop|cant|can not|cannot) (picturing|imagining|seeing) (anything|a future|myself) (past|beyond|after)",
                "(not|never) to let me wake",
                "(hasten|hastening|hastened|hurry|hurrying|hurried) (the answer|my end|the end|it along|my death|my going)",
                "(i have|ive) lived long enough",
            ]),
        SafetyPhraseGroup(
            name: "burden",
            note: "Others would be better off, happier or relieved without the writer, or would not miss them if they died.",
            phrases: [
                "(better|happier|easier) off ~3 without me",
                "(better|happier|easier|kinder|relieved|freer|lighter) (off)? ~3 (with|once|if) me (gone|dead|out of the way|not here|not around|out of the picture)",
                "(everyone|everybody|they|people|the world|world|my family|family|my kids|kids|my friends|friends|the kids|everyone else|all|them|mum|dad|mom|my parents|my partner|he|she|we) ~4 (better|happier|easier|kinder|lighter|simpler) ~3 without me",
                "(better|happier|easier|kinder|lighter|simpler|relieved|glad|free|freer|calmer|less stressed) ~5 if <IGONE>",
                "(nobody|no one|nobodyd|who|not one person|not a single person|nobody at all) [<A>] (would|will|d|wouldnt|is going to|even|really|actually|ever|honestly) [<A>] (miss|notice|care|mourn|cry|grieve) ~3 (if|when|once|after) <IGONE>",
                "(nobody|no one|not one person|noone) (would|will|d) [<A>] (miss me|notice im gone|notice i was gone|care if i was gone) $",
                "(people|everyone|they|nobody|family|friends|everybody|my family|my friends|no one) (would|will|d) ~2 (get over it|move on|forget (about)? me) ~4 (if|when|once|after) <IGONE>",
                "(better|happier|easier|kinder) (for everyone|for them|for my family|for all of them) if <IGONE>",
                "(would|will|does|do|did|wouldnt|will) (anyone|anybody|people|they|everyone|anyone at all|a single person|my family|my friends) [<A>] (care|notice|miss me|cry|mind|come to my funeral|be sad|be upset) ~3 (if|when) <IGONE>",
                "if <IGONE> ~4 (who|anyone|anybody|nobody|no one) [<A>] (would|will|d)? [<A>] (miss me|notice|care|even notice|even care)",
                "(theyd|theyll|youd|hed|shed|wed|everyoned|everyone would|everybody would|they would|you would|he would|she would|we would|they all|theyd all|would all) ~2 be [<A>] (fine|okay|ok|alright|better|happier|freer|better off) without me !(for|while|at|on|this|tonight|today|when|if|until|til|till|there|here|to|in|around|because)",
                "(stop|stopped) being a burden (forever|for good|permanently|by dying|by disappearing)",
            ]),
        SafetyPhraseGroup(
            name: "plans and means",
            note: "Stockpiling or counting tablets, looking up doses or methods, a method with intent (jumping, stepping in front of a train), a plan, a date, a noose.",
            phrases: [
                "(saving|saved|save|stockpiling|stockpiled|stockpile|hoarding|hoarded|hoard|stashing|stashed|stash|squirrelling|squirreling|putting by|put by|laying by|laid by) (up)? (my|all my|the|all the|some|enough|old|spare|extra|my old)? <MEDS> !(for (later|emergencies|the trip|the holiday|travel|the next|my next|when|if|headaches|migraines|a (migraine|headache|cold|trip|holiday|rainy day|flare)|my (migraine|migraines|headaches|period|back))|in case)",
                "(putting|put|setting|set|keeping|kept|holding|held|squirrelling|squirreling|tucking|tucked) (aside|back|away) (a few|some|a couple|one|two|a handful|most|half) (of)? (my|the|all my)? <MEDS>",
                "(putting|put|setting|set|keeping|kept|holding|held) (a few|some|a couple|one|two|a handful|most|half) (of)? (my|the)? <MEDS> (aside|back|away)",
                "(enough|all my|all the) <MEDS> (saved|stashed|stockpiled|hidden|put aside|set aside|hoarded|now|together) ($|now|up)",
                "<MEDS> ~3 from (two|three|four|five|several|different|a few|lots of|loads of) (different)? (shops|pharmacies|chemists|supermarkets|places)",
                "(looked up|googled|searched|checked|worked out|calculated|researched|looking up|googling) how (many|much) (it|itd|id need) (would|will|d)? (take|need) $",
                "(driving|drove|walking|walked|drive|walk|going|went|cycling|cycled) (past|over|across|to|along) the <METHODPLACE> ~4 (thinking about it|and thinking|thinking about jumping|wondering|tempted)",
                "(stood|standing|sat|sitting|stand|sit) (on|at) the (edge|ledge) (of)? ~4 (for (a long time|ages|an hour|hours|a while)|thinking|and thought|wanting|tempted)",
                "(know|knew|chosen|chose) which (bridge|car park|cliff|building|train|multi storey)",
                "(going to|gonna|about to|ready to|will|ill|want to|planning to|decided to|might|could) [<A>] (overdose|od|take an overdose) ($|<TIME>|again|on (my|the|all my|all the)? <MEDS>)",
                "(sat|sitting|sit|held|holding|had|stared at|staring at) (with)? (the|a|my|all the|all my) (rope|noose|blade|blades|razor|razors|<MEDS>) (in my (hand|hands|lap)|for (an hour|hours|ages|a long time|a while))",
                "(keep|kept|cant stop|keep on|been) (looking at|staring at|touching|holding) (the|my) (razor|razors|blade|blades|rope|noose)",
                "(river|canal|sea|water|lake|reservoir|bridge) ~8 (thought about|thinking about|tempted to|wanted to|want to|urge to) [<A>] (jumping|jump|throwing myself|throw myself) (in|off) $",
                "<INTENT> ~3 (taking|take|swallowing|swallow|downing|down) (every|all the|all of the|all my|all of my|the whole) (<MEDS>|pill|tablet|box|packet|bottle) !(with|to|back|into|on holiday|out of|in (the|my) (morning|evening)|as (prescribed|usual)|every day|at the same time)",
                "(counting|counted|count|recounting|recounted) (up)? (my|all my|the|all the|how many) <MEDS> (again|$|every (night|day|evening)|over and over|to see (if|whether|how many)|~6 (enough|lethal|fatal|to die|to end it|to do it))",
                "how (many|much) [of] [my|the] <MEDS> ~3 (it would take|would it take|it takes|does it take|it will take|would kill|to kill|to die|kills|would be fatal|is fatal|is lethal|is a lethal|would be lethal|is an overdose|for an overdose|to overdose|to not wake up|until you die|to end it|to be sure)",
                "(lethal|fatal) (dose|doses|amount|overdose|quantity)",
                "(stash|stockpile|hoard|secret supply|collection|hidden supply) of <MEDS>",
                "(which|what) <MEDS> (are|is|would be|could be) (lethal|fatal|deadly)",
                "(dose|amount|many <MEDS>|much <MEDS>|number of <MEDS>) ~3 (would|will|could|to|it takes to|needed to) kill me",
                "(courage|nerve|guts|strength|bottle) to [<A>] (jump|end it|kill myself|die|take them all|take the lot|do it properly|end my life|bring about my (own)? death|take my (own)? life|go through with it)",
                "(saving|saved|collecting|collected|stockpiling|hoarding|hoarded|stashing|stashed|hiding|hid|keeping) (up)? (my|the|some|spare|a few|a box of|a tin of|old)? (razor)? (blades|razor blades)",
                "(worked out|picked|chosen|chose|decided on|scoped out|found) which (bridge|car park|multi storey|cliff|rooftop|building|train)",
                "enough <MEDS> ~6 to (make it [all] stop|end it|die|kill|not wake up|overdose|do it|finish it|never wake up|end everything|end my life|make sure)",
                "<MEDS> ~14 (take|swallow|taking|swallowing|took|swallowed|down|downing|neck|necking) (them all|all of them|the lot|the whole (lot|packet|box|bottle|pack)|every (one|single one)|all at once|them all at once)",
                "(swallowed|downed|necked|take|took|taken|taking|swallow|swallowing) [<A>] (a|the|an|my)? (whole|entire|full) (pack|packet|box|bottle|strip|tub|blister|packets|boxes|bottles|strips) of <MEDS>",
                "(took|taken|swallowed|take|taking|swallow) (all|all of) (my|the) <MEDS> (at once|in one go)",
                "(took|take|taken|taking|swallowed|downed) ~6 <MEDS> ~6 (on purpose|deliberately|intentionally|to (die|end it|not wake up|sleep forever|make it stop))",
                "(take|took|taken|taking|do|did|done) (an|a) (overdose|od)",
                "(overdose|overdosed|overdosing|od) (on purpose|deliberately|intentionally|last night|tonight|yesterday|this morning)",
                "(overdose|overdosed|overdosing|od) (on|with) (my|the|all my|some|a|all the|a load of|loads of)? <MEDS>",
                "<DESIRE> [<A>] to [<A>] (overdose|od|take an overdose|take all my <MEDS>|take all the <MEDS>)",
                "(thinking|thought|thoughts|think|considering) (about|of) [<A>] (overdosing|an overdose|taking an overdose|taking all my <MEDS>|taking all the <MEDS>)",
                "(googling|googled|google|searched|searching|search|researching|researched|research|looked up|looking up|look up|reading up on|read up on|looking into|looked into|looking at|read about|reading about) ~3 (ways|way|methods|method|best way|easiest way|quickest way|painless ways|painless way|least painful way) to (die|end it|end my life|kill myself|overdose|hang myself|commit suicide)",
                "(googling|googled|google|searched|searching|search|researching|researched|looked up|looking up|look up|reading up on|read up on|looking into|looked into) ~2 how to (die|end my life|overdose|hang myself|commit suicide|kill myself|tie a noose)",
                "(painless|quickest|easiest|quick|easy|least painful|surest|most reliable) (way|ways|method|methods) to (die|end it|end my life|kill myself|commit suicide)",
                "how long (it takes|does it take|would it take|it would take) to (die|bleed out|drown|suffocate)",
                "(plan|plans|planned|planning) ~4 how (ill|id|i will|i would|im going to|i am going to|i could|to|i can) (die|end it|kill myself|end my life)",
                "(worked out|work out|figured out|decided|know exactly|knows exactly|planned|chosen|chose|picked) (how|where|when) (ill|id|i will|i would|im going to|i could|to) (die|end it|kill myself|end my life)",
                "(a|my|the) (plan|date|method) (to|for) [<A>] (die|dying|end it|end my life|kill myself|take my life|ending it|killing myself)",
                "(set|picked|chosen|chose|decided on|got|have|made) (a|the) (date|day) (to|for|when|ill) [<A>] (end it|die|kill myself|end my life)",
                "(tie|tied|tying|make|made|making|bought|buy|buying|got|how to tie|knot|knotted) (a|the|my)? noose",
                "<INTENT> ~4 (jump|jumping|jumped|throw myself|throwing myself|threw myself|step|stepping|stepped|walk|walking|walked|lie|lying|lay) (out)? in front of (a|the|an|that|it|oncoming|one)? [<A>] (train|trains|bus|buses|lorry|lorries|truck|trucks|car|cars|traffic|tube|it|one|express)",
                "<INTENT> ~4 (jump|jumping|jumped|throw myself|throwing myself|threw myself|fall|falling|let myself fall) (off|from) (a|the|that|my|our|this)? ~2 (bridge|roof|building|balcony|car park|multi storey|flats|window|cliff|cliffs|motorway bridge|overpass|ledge|rooftop)",
                "<INTENT> ~4 (drive|driving|drove|crash|crashing|crashed|steer|steering|swerve|swerving) ~3 (into|off|in front of) (a|the|an)? ~2 (tree|wall|bridge|lorry|truck|oncoming|traffic|river|cliff|barrier|pillar)",
                "<INTENT> ~4 (walk|walking|swim|swimming|wade|wading) (into|out into) the (sea|river|lake|water) [<A>] (and|until) (never|not|keep)",
                "<INTENT> ~3 (lie|lying|lay) (down)? on the (tracks|track|railway|line)",
                "<INTENT> ~4 (step|stepping|stepped|jump|jumping|fall|falling|throw myself|throwing myself) (off|from) the platform",
                "(edge|tracks|railway|bridge|platform|ledge|roof|balcony) ~8 (how easy it would be|how easy it would|how easy to|thinking about jumping|tempted to jump|wanting to jump|urge to jump|stepping off|stepping in front)",
                "how (easy|simple|quick|painless|peaceful) it would be to [<A>] (die|end it|jump|step (off|in front|forward|out)|take (them|all of them|the lot)|crash|swerve|not wake up|kill myself|blow ~3 out|leave the (gas|tap) (on|open)|turn on the gas|let go|slip under|drown|fall|hang|stop breathing|swallow|drive off|walk into)",
                "how (easy|simple|quick) (one|a single|just one)? (step|stepping) (forward|off|out|in front) (would be|could be|is)",
                "(bought|buying|got|ordered|have|found) (what|everything|all) (i|id) need (to end it|to die)",
                "(rope|noose|blade|blades|pills|tablets|gun) ~6 (to end it|to use on myself)",
                "(bought|buying|buy|got|ordered|order|have|found|hid|hidden|hiding|keeping|kept|hidden away|put|lined up) ~4 <MEANS> ~~12 i (know|knew) (exactly)? (what|why) (its|it is|theyre|they are|i (bought|got|need|want|have)) (it|them)? (for)? $",
                "<MEANS> ~~10 (for when im ready|when im ready|when the time comes|for when the time comes|for the day i|for when i need (it|them) $|for when i (go|do it|decide))",
                "(think|thinks|thinking|thought|thoughts) (about|of) [<A>] (the|that) <METHODPLACE> !(closure|closures|closed|closing|works|repairs|roadworks|traffic|delay|delays|project|design|timetable|queue|toll|renovation|renovations|extension|photo|photos|painting|walk|trip|view|history|engineering|scene|chapter|episode|in the (film|book|show|song|novel)|of|section|part|chords|lyrics|game|run|ride|route|barrier|gates|crossing)",
                "(couldnt|could not|didnt|did not|wasnt able to|was not able to|failed to|almost|nearly|tried to|try to|going to|about to) [<A>] go through with it [<A>] ($|again|[<A>] (last night|tonight|yesterday|this time|this morning|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday)))",
                "(nearly|almost) (did it|went through with it|did something|ended it) [<A>] (last night|tonight|yesterday|this morning|again|this time|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday))",
                "(tried|trying|attempted|attempting) to do it (again|last night|tonight|yesterday|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday))",
                "^ (attempted|attempt|my attempt|last attempt|previous attempt) (last (year|month|week|night|time)|in (january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|winter|20 #num|#num)|twice|before|again|$)",
                "(tried|try|trying) to kill myself",
                "(worked out|work out|figured out|know exactly|planned|decided) (how|where|when) (ill|id|i will|i would|im going to|i could|i am going to) (do it) $",
                "plan (for|of)? how (to|ill|i will|id|i would|im going to) (do it|go) $",
                "(looked up|googled|searched|checked|researched) (the)? (height|how high|how tall|how deep|drop) (of)? (the|that)? (bridge|multi storey|car park|cliff|cliffs|viaduct|building|drop|fall)",
                "(researching|researched|googling|googled|looking up|looked up|reading about|read about|searching|searched) [<A>] (methods|method|ways to go|how to do it|the quickest way|the easiest way|the best way) $",
                "(going to|gonna|want to|will|ill|about to|ready to|planning to|decided to|need to) [<A>] (take|swallow|down|neck) (all|all of|every one of|the whole lot of|the lot of) (my|the|these|those) <MEDS> (tonight|at once|in one go|together|$)",
                "(walk|walking|wade|wading|swim|swimming) (into|out into) the (sea|river|lake|water|canal|reservoir) [<A>] (and|until) [<A>] (never|not) (come back|stop|coming back|stopping|come out)",
            ]),
        SafetyPhraseGroup(
            name: "farewell",
            note: "Goodbye or last-entry wording, notes left behind, giving belongings away, not being around much longer.",
            phrases: [
                "(this is|this will be|thisll be|this might be|this could be|this may be|its|this is going to be) [<A>] (probably|likely|maybe|possibly|going to be|definitely)? [<A>] my (last|final) (entry|post|message|note|words|journal entry|diary entry|page) !(before|for|of|until|till|in|this|on|from|about|at|of the|here for)",
                "(last|final) (entry|words|message|post|note) (ever|before i (die|do it|end it))",
                "(last|final) (night|day|morning|hours|week|sunset|sunrise|weekend|christmas|birthday) (on earth|alive)",
                "goodbye (cruel world|world|forever everyone|everyone forever)",
                "sorry for everything ~~8 (goodbye|this is goodbye|bye) $",
                "this is goodbye $ ~~4 (thank you for everything|sorry for everything|i love you|love you all|please forgive|forgive me)",
                "(goodbye|this is goodbye) ~6 sorry for everything",
                "(if|when) (you|youre|anyone|anyones|someone|someones|somebody|anybody) (are|re|is|s)? (reading|read|reads|find|found|finds) this ~4 (im|i am|ill be|i will be|ive|i have) [<A>] (gone $|dead|no longer (here|alive|around)|not (here|alive) anymore)",
                "^ (goodbye|bye) [everyone|all|world|everybody] $ (im|i am) sorry",
                "(goodbye|bye) (everyone|all|world|everybody) $ [i] (love you|love you all|love you guys) [all] $ (im|i am) [so] sorry",
                "(if|when) (anyone|someone|somebody|anybody|you) (ever)? (finds|find|reads|read|found) this $ (im|i am) [<A>] sorry",
                "(gave|given|giving|give) (away)? (my|all my|most of my) ~6 ~~4 (i|ill) (wont|will not) (need|be needing) (it|them|any of it|any of them) $",
                "(i|ill) (wont|will not|wont be|will not be|am not going to) (need|be needing) (it|them|any of it|any of this|my things|my stuff) [<A>] (anymore|any more|any longer|where im going|after (tonight|this week|tomorrow))",
                "(wrote|written|writing|write|left|leaving) (letters|notes|a letter|a note) (to|for) (everyone|everybody|all of them|my family|my kids|each of them|all of you) ~6 (just in case|in case|for after|for when|to find|to read after)",
                "(not|wont|will not|im not) [<A>] (going to)? be (around|here|alive) (much|for much|any) longer !(at|in|on|with|as|if|unless|because|than)",
                "by the time (you|anyone|someone|they|somebody|anybody|mum|dad|mom|she|he) (read|reads|find|finds|see|sees) this ~6 (gone|dead|not here|no longer here|wont be (here|alive|around))",
                "(tomorrow|tonight|soon|by morning|by tomorrow|by the weekend|by then) (ill|i will|i ll|im going to|i am going to) be (gone $|dead|gone for good|at peace)",
                "(said|say|saying) [my] goodbyes without (anyone|them|anybody|people) (realising|realizing|knowing|noticing|suspecting)",
                "(if|when) (anyone|someone|you|anybody|somebody) (ever)? (reads|read|finds|find) this ~8 (not|wasnt|isnt|was not|is not|werent) (your|anyones|their) fault",
                "(letter|letters|note|notes) ~10 (you leave behind|to leave behind|for when im gone|for after im gone|for after i die|for when im dead)",
                "(wrote|written|writing|write|left|leave|leaving|drafted|drafting|started|finished) ~3 (goodbye|suicide) (letter|letters|note|notes|message|messages|texts|emails|videos)",
                "(after|once|when) (im|i am) dead",
                "after (im|i am) gone !(on|for|to|away|out|abroad)",
                "(giving|gave|give|given) (away)? (my|all my|most of my|all of my) (things|belongings|possessions|stuff|guitar|books|clothes|jewellery|jewelry|records) ~8 (im gone|im dead|wont need|less to sort|not going to need|after im)",
                "(giving|gave|give|given) away (my|all my|most of my|all of my) (belongings|possessions)",
                "(giving|gave|give|given) (my|all my|most of my|all of my) (belongings|possessions) away",
                "(sorted|sorting|sort|updated|updating|update|made|making) (out)? my (will|affairs) ~8 (so no one|so nobody|after im gone|when im gone|before i (die|go|end it))",
                "(made|making) (my)? peace with (dying|ending it|it ending|not being here)",
            ]),
        SafetyPhraseGroup(
            name: "self-harm acts",
            note: "Cutting, burning, hitting, scratching, biting or otherwise injuring oneself, in any tense. Accidents (shaving, cooking, falling, \"on the oven tray\") are excluded in everydayLanguage.",
            phrases: [
                "<HARMV> <MYSELF> !(up|out|off|free|loose|short|down|some slack|a ~2 (slice|slices|piece|bit|chunk|wedge|fringe|break|sandwich|deal|portion|helping|slab|plate|bowl|drink|glass|cup|fringe)|some (slack|cake|bread|cheese|food)|in (on|half))",
                "(cut|cuts|cutting|cutt|slit|slitting|slash|slashing|slashed|sliced|slicing|carve|carved|carving|burn|burned|burnt|burning|scratch|scratched|scratching|bite|bit|biting|stab|stabbed|stabbing|hit|hitting|punch|punched|punching|scar|scarred|scarring) (into|open)? my (own)? <BODY>",
                "(carved|carve|carving|etched|etching) ~4 (into|in|on) my (own)? <BODY>",
                "(cut|cutting|scratched|scratching|burned|burnt|burning) ~4 into my (own)? <BODY>",
                "(banged|banging|bang|hit|hitting|smashed|smashing|slammed|slamming|bashed|bashing) my head (against|into) (the|a|my)? (wall|walls|floor|door|mirror|desk|table|sink) ~3 (until|till|again|repeatedly|over and over|so hard|hard|on purpose|deliberately|til)",
                "(made|make|making) <MYSELF> (bleed|bled|bruise)",
                "(punched|punching|punch|hit|hitting|smashed|smashing) (the|a) (wall|walls|door|mirror|brick wall) ~8 (until|till|til) (my)? (knuckles|hand|hands|fist|fists)? (bled|bleed|split|broke|were bleeding|was bleeding|bruised|cracked)",
                "(stubbed|stub|stubbing|put|putting|pressed|pressing|held|holding) (a|my|the|lit)? (cigarette|cig|fag|lighter|iron|hot spoon|hot knife|straighteners|hair straighteners) (out)? (on|against|to) my (own)? <BODY>",
                "(<HARMV>|banged|bang|banging|smashed|smashing|slammed|slamming) (<MYSELF>|my <BODY>|my head|my hand|my hands|my fist|my face) ~6 (on purpose|deliberately|intentionally)",
                "after (cutting|self harming|hurting myself|burning myself) (last night|tonight|again|yesterday|this morning)",
                "(did|do|doing|done) it again ~4 (with|using)? (the|a|my) (razor|razors|blade|blades|lighter|compass|sharpener|razor blade)",
                "(relapsed|relapse|slip|slipped|had a slip|hurt myself|did it) ~8 (with|using) (the|a|my) (razor|blade|blades|lighter|sharpener|pencil sharpener|razor blade)",
                "(slip|relapse|relapsed|slipped|relapsing) ~8 (blade|blades|razor|razors)",
                "(got|get|getting|took|take|taking|pulled|pull|pulling|dug|dig|digging) (out)? (the|my) (blade|blades) (out|again|back out)",
                "(itching|craving|aching|longing|desperate) for (the|a|my) (blade|blades|razor|lighter)",
                "(miss|missing|crave|craving|craves) (the blade|the blades|the feeling of cutting|hurting myself|burning myself|<SH>|<SELFHARM>|cutting (myself|$))",
                "(i|ive|i have|id|i d|i had) [<A>] (cut|cutted) [<A>] (again|deeper|deep|tonight|last night|this morning|yesterday|after|because|til|until) !(my hair|the|back|it|down|out|off|costs|corners|in|class|school|ties)",
                "^ (cut|cutting) (again|deeper|tonight|last night) $",
                "(been|started|start|starting|keep|kept|back to|went back to|gone back to|stop|stopped|quit|quitting|relapsed into|relapsed and) [<A>] cutting (again|myself|$|my <BODY>|every (night|day|time|week|evening)|deeper)",
                "(im|i am|ive been) [<A>] cutting (again|deeper|every night|every day|$)",
                "cutting again",
                "(cut|cutting|cuts) (deeper|deep) (this time|than (before|ever|last time|usual))",
                "(square one|day zero|day one|day 0|day 1) with (the|my)? (cutting|<SELFHARM>|<SH>|harming|burning|hurting myself)",
                "(long sleeves|hoodie|jumper|bracelets|plasters|bandages) ~8 so (nobody|no one|they|people|mum|dad|mom) (would|will|can|cant|could|couldnt|wont|doesnt|dont)? (see|notice|ask) ~4 (cuts|marks|scars|wounds|burns|arm|arms|wrist|wrists|thighs)",
                "(hid|hiding|hide|hides|covered|covering) (up)? (the|my) (fresh|new)? (cuts|marks|wounds|burns) ~4 (on|from) my <BODY>",
                "(hiding|hid|hide) the (marks|cuts|wounds) !(on the|in the)",
                "self (harmed|injured|mutilated|harming|injuring|mutilating) !(among|amongst|in (young|teenagers|adolescents|teens|girls|boys|children|kids|patients|students)|research|prevention|awareness|training|rates|statistics|admissions|policy|module|course|behaviour|behaviours|behavior|patients|young people|teenagers)",
                "(i|to|will|ll|ill|might|did|do|would|could|gonna|not to|often|sometimes|still|then) [<A>] self (harm|injure|mutilate) !(among|amongst|in (young|teenagers|adolescents|teens|girls|boys|children|kids|patients|students)|research|prevention|awareness|training|rates|statistics|admissions|policy|module|course|patients|young people|teenagers)",
                "my (<SELFHARM>|<SH>|cutting) !(research|dissertation|essay|module|training|course|placement|project|patients|balance|days|allowance|hours|leave|entitlement|holiday|sick)",
                "<SELFHARM> (again|tonight|last night|today|urges|urge|streak|relapse|cravings|craving|thoughts|is back|has started|has got|getting worse)",
                "(punish|punishing|punished) <MYSELF> ~6 (physically|physical|with pain|by (cutting|hurting|burning|hitting|starving|scratching))",
                "(bleed|bled|bleeding) (until|till|and) (it|i) (felt|feels|feel) (better|calm|real|something|numb)",
            ]),
        SafetyPhraseGroup(
            name: "self-harm urges",
            note: "Wanting, needing or fighting the urge to cut, burn or hurt oneself; wanting to feel physical pain; deserving to bleed or hurt.",
            phrases: [
                "(<DESIRE>|itching|itch|craving|cravings|temptation|urge|urges|impulse|impulses) [<A>] to [<A>] (burn|hurt|harm|hit|punch|scratch|bleed|stab|slice|carve) [<A>] (<MYSELF> !(off|out|free|loose|short|some|a|down|up|in on)|again|tonight|deeper|deep|so bad|so badly|$|my <BODY>|now|right now|until|till|really bad)",
                "(<DESIRE>|itching|itch|craving|cravings|temptation|urge|urges|impulse|impulses) [<A>] to [<A>] cut [<A>] (<MYSELF> !(off|out|free|loose|short|some|a|down|up|in on)|again|tonight|deeper|deep|so bad|so badly|$|my <BODY>|until|till)",
                "(<DESIRE>|itching|itch|craving|cravings|temptation|urge|urges|impulse|impulses) [<A>] to [<A>] (<SELFHARM>|<SH>)",
                "(<DESIRE>|itching|craving|urge|urges) [<A>] to [<A>] (feel|cause|inflict) [<A>] (pain|physical pain|the pain|it physically|real pain) !(in|of|for|from|relief|killers)",
                "(<SELFHARM>|<SH>) (urge|urges|cravings|craving|thoughts|impulses|impulse)",
                "(cutting|harming) (urge|urges|cravings|craving|impulses)",
                "(urge|urges|temptation|craving|cravings|itch|pull) to (cut !<CUTFOR>|hurt myself|harm myself|burn myself|bleed|<SH>|<SELFHARM>)",
                "(fighting|fight|fought|resisting|resist|resisted|battling|beat|beating|lost to|gave in to|give in to|giving in to) (the|an|these|my|this|bad|strong)? (urge|urges|temptation|pull) (to|of)? [<A>] (cut !<CUTFOR>|hurt <MYSELF>|harm <MYSELF>|burn <MYSELF>|bleed|<SH>|<SELFHARM>|cutting)",
                "(i|me) [<A>] (deserve|deserved|deserves) [<A>] (to (bleed|hurt|feel pain|be in pain|be hurt|be cut|be punished physically)|pain|to suffer physically)",
                "(thinking|think|thought|thoughts) (about|of) [is] [<A>] (cutting|burning|hurting|harming|hitting|punching|scratching|stabbing) (<MYSELF>|my <BODY>|again|$)",
                "(want|wanted|wanting) to [<A>] punish <MYSELF> (physically|with pain|by (cutting|hurting|burning|hitting))",
                "(hit|hurt) (something|anything) (hit|hurt) (me|myself)",
            ]),
        SafetyPhraseGroup(
            name: "relapse (self-harm)",
            note: "Relapse, broken streaks and days clean, when the entry does not say they are about smoking, drinking, drugs, diets, apps or illness (see notInTheseContexts).",
            phrases: [
                "^ (relapsed|relapse|relapsing) $",
                "i [<A>] (relapsed|relapse) [<A>] (again|tonight|last night|today|this morning|yesterday|$)",
                "#num (days|weeks|months|years|day|week|month|year) clean ~8 (threw it away|blew it|gone|ruined|broke|lost|back to|reset|relapsed|slipped|relapse|over|down the drain|and then|undone|wasted)",
                "(relapsed|relapse|slip|slipped|threw it away|ruined it|blew it|broke it|lost it) ~8 #num (days|weeks|months|years|day|week|month|year) clean",
                "back to (day zero|day 0|zero days)",
                "#num (days|weeks|months|years|day|week|month|year) (clean|free) (from|of|off) (cutting|<SH>|<SELFHARM>|harming|hurting myself|burning myself|the blade|blades)",
                "(broke|broken|lost|reset|ruined|ended|breaking) my (clean)? streak",
                "clean streak",
                "(was on|got to|made it to) #num days ~~6 (now|back to|im on|i m on) (#num|zero|day one)",
                "reset (the|my) (counter|count|clock|day count) (to zero|to 0|back to zero)",
                "streak (broken|gone|over|ended|reset)",
                "days clean and i (blew|threw|lost|ruined|broke) it",
                "^ relapsed ~3 (this week|today|tonight|again|last night)",
            ],
            unlessEntryMentions: "other recovery"),
        SafetyPhraseGroup(
            name: "self-harm relapse",
            note: "Relapse language tied explicitly to self-harm.",
            phrases: [
                "(<SELFHARM>|<SH>|cutting|harm free) streak",
                "(relapsed|relapse|relapsing) (on|with|into|back into|to)? (<SH>|<SELFHARM>|cutting|self harming|hurting myself|burning myself)",
                "slipped (on|with|into|back into|to) (<SH>|<SELFHARM>|cutting|self harming|hurting myself|burning myself)",
                "back to (<SH>|<SELFHARM>|self harming|hurting myself|burning myself|cutting !<CUTFOR>)",
                "(relapsed|relapse|relapsing|slipped) ~6 (with|into|back into) the (<SH>|<SELFHARM>|cutting|self harming)",
            ]),
        SafetyPhraseGroup(
            name: "shorthand sh and si",
            note: "\"sh\" and \"s/h\" (self-harm) and \"SI\" (suicidal ideation) only with a self-harm or ideation context word, never alone (SH as initials, \"Sh, don't tell\", an SI session).",
            phrases: [
                "(bad|rough|hard|awful) <SH> (night|day|week|evening|episode)",
                "<SH> [<A>] (again|tonight|last night|today|yesterday|urges|urge|cravings|craving|scars|scar|relapse|streak|badly|thoughts|wounds|cuts|marks)",
                "(did|do|doing|done|resisting|resisted|fighting) [some] <SH> !(and|with|to|at|for|is|was)",
                "(urge|urges|want|wanted|need|tempted|craving|itching) to [<A>] <SH>",
                "(my|the) <SH> (is|has|was|got|scars|again|urges|habit|wounds|cuts)",
                "si [<A>] (thoughts|thought|urges|ideation|again|tonight|loud|bad|worse|intense|strong|spiking|creeping|heavy)",
                "si [<A>] (is|was|been|getting|got|has been|feels|felt|being) [<A>] (loud|louder|bad|worse|intense|strong|heavy|unbearable|constant|relentless|awful)",
                "(having|experiencing|struggling with|fighting|battling|dealing with|passive|active|constant|lots of) [<A>] si !(session|sessions|units|unit|leader|class|classes|prefix|joint|system|tutor|tutoring)",
            ]),
    ]

    // MARK: - Everyday language (exclusions)

    /// Narrow exclusions: each one cancels a concerning match it overlaps. Figurative, accidental,
    /// professional and media uses of the same words. None may cover a real disclosure such as
    /// "I cut myself when ..." or "I don't want to live": keep them specific.
    static let everydayLanguage: [SafetyPhraseGroup] = [
        SafetyPhraseGroup(
            name: "distances",
            note: "\"10 kms\" is ten kilometres, unless a word of intent comes first (\"want 2 kms\").",
            phrases: [
                "#num (kms|km)",
                "kms (knowledge|management|rollout|system|platform|migration|server|key|keys|activation|host|licence|license|console|api)",
            ],
            yieldsToIntent: true),
        SafetyPhraseGroup(
            name: "figurative dying",
            note: "\"to die for\", \"die of embarrassment\", \"die laughing\", \"die on this hill\", dyeing hair.",
            phrases: [
                "(is|was|are|were|s|looks|look|looked|sounds) to die for",
                "(die|died|dying|dead) (of|from) (embarrassment|shame|boredom|laughter|laughing|happiness|cuteness|jealousy|envy|heat|cringe|excitement|curiosity|suspense|hunger|thirst|old age|fright|shock|awkwardness|secondhand embarrassment)",
                "(die|died|dying) (laughing|a little inside|a death)",
                "die on (this|that|the) hill",
                "(dying|die|died) (my|her|his|the|it|them|your) (hair|roots|beard|fringe|clothes|shirt|jeans|eyebrows)",
                "(want|wanted) to die (in|of) (a) hole",
                "hill (i|ill|id|i will|i would|i d|i ll) [<A>] (will|would|d)? die on",
                "ending it all ~~2 (the|my) (gym|netflix|subscriptions|membership|takeaway|takeaways|habit|diet|sugar|booze|drinking|smoking)",
                "(think|thinking|thought|sure|convinced|certain|scared|afraid|terrified|feel like|felt like|feeling like) ~2 (im|i am|i was|i m|i) (going to|gonna|about to|will|ll) die ~~12 (chest|heart|anxiety|panic|ecg|doctor|gp|a&e|scan|test|tests|results|lump|symptoms|palpitations|attack)",
                "(lump|cyst|scan|results|symptoms|diagnosis|biopsy|blood pressure|ecg|palpitations|chest pains|mole) ~~16 (thinking|think|convinced|sure|scared|afraid|terrified|worried|worry) ~5 (ill|i will|im going to|i m going to|im gonna|i am going to) (die|be dead)",
                "(spiralled|spiraled|spiralling|spiraling|catastrophising|catastrophizing|panicked|panicking) (into|about)? (picturing|imagining|planning) my (own)? funeral",
                "<HARMV> <MYSELF> with (a|the|my) (prop|stage|fake|rubber|toy|plastic|retractable|trick) (dagger|knife|sword|blade)",
                "i hurt myself today to see if i still feel",
                "(im|i am) (going to|gonna) die ~~3 (im not|i am not|not really|kidding|joking|jk|lol|obviously not)",
                "(wrote|written|writing|drafted|write) my (own)? (obituary|epitaph) ~~6 (for|as) (a|an|the) ~3 (competition|exercise|class|course|workshop|assignment|newsletter|game|prompt|homework|task)",
                "(haunt|haunting) (him|her|you|them|everyone) when (im|i am) dead",
                "(actually|literally) die ~~8 (dig a hole|hole and live|embarrass|cringe|crush|mortified)",
                "(basically|accidentally|practically|nearly|almost) killed myself by (being|falling|tripping|walking|running|forgetting|not)",
                "(go|be) where (mum|dad|mam|nan|gran|he|she|they) (is|are) ~~4 (just)? for (an|a|one) (afternoon|day|hour|minute|moment|visit|chat|cup of tea)",
                "(ill|i will|im going to) be dead by ~2 ~~4 (send|bring) (flowers|help|snacks|coffee|chocolate|wine)",
                "if ~4 killed people (id|i would) (have been|be) dead",
                "(i am|im) (dead|deceased) ~~6 (i am a ghost|im a ghost|bury me in this|ascended|send help|lol|lmao)",
                "(die|died|dying|dead) on the spot",
                "(mile|miles|marathon|race|lap|laps|spin class|bootcamp|hiit|half marathon|10k|5k|parkrun|hill sprints|the wall) ~~12 (thought|think|felt|feel|sure|convinced) (i|id) [<A>] (might|would|was going to|will|could) [<A>] die",
                "(nearly|almost|practically) killed myself (staying|getting|trying|doing|carrying|lifting|running|cycling|working|cleaning|laughing|rushing|digging|moving)",
                "(doctor|gp|consultant|nurse|dentist|physio|cardiologist) (says|said|reckons|warned|told me) ~6 (ill|i will|id|i would|im going to) (be dead|die) (by|before|within|in)",
                "(im|i am|i m) [so|totally|literally|actually|absolutely|completely] dead $ (finished|done|toast|khatam|screwed|stuffed|doomed)",
                "(writes|sings|raps) about (wanting|want|wanted) to die",
                "(im|i am|i m) (literally|actually|so|totally|absolutely) (going to|gonna) die $",
                "(i will|ill|i ll) (actually|literally|genuinely|honestly) die $",
                "(song|track|album|poem|book|film|play|chapter|verse|record|single|ep) [#num] (is|was|s)? (all)? about (wanting|wanted) to (die|be dead)",
                "(hit the wall|mile #num|at mile|marathon|race|parkrun|hill sprints|spin class) ~~6 (and)? (i)? (wanted|want) to die",
                "(go|be|join|see) (where|wherever) ~3 ~~8 (and then|then) come (back|home)",
            ]),
        SafetyPhraseGroup(
            name: "figurative killing",
            note: "\"killing myself laughing\", \"killing myself at the gym\", \"shot myself in the foot\".",
            phrases: [
                "(kill|killing|killed|kills) <MYSELF> (laughing|working|running|training|revising|cleaning|at (work|the gym|training|the office)|over (this|these|the|my) (deadline|deadlines|essay|project|work)|trying to (finish|get this|keep up|meet|hit|make (it|the) (deadline|work)))",
                "(shot|shoot|shooting) <MYSELF> in the foot",
                "killing <MYSELF> (to|trying to) (finish|meet|hit|keep up|please|impress|pay|get (it|this|that|everything) done)",
                "(kill|killing|killed) <MYSELF> (with|over) ~3 (overtime|work|hours|shifts|deadlines|revision|training|exercise|stress|homework|assignments)",
                "(fell|fall|falling|tripped|slipped|crashed|came off|fallen|bashed|banged|smacked|hit) ~~14 (nearly|almost) [<A>] (killed|kill) <MYSELF>",
                "(drown|drowning|drowned) <MYSELF> in (work|paperwork|coffee|tea|wine|chores|emails|revision|books|tv|busyness)",
                "(deadline|deadlines|draft|exam|exams|commute|schedule|rota|shifts|overtime|workload|hours|week|month|march|april|may|june|monday|friday) ~4 (which|that) (will|ll|would|is going to|is gonna) [<A>] kill me $",
            ]),
        SafetyPhraseGroup(
            name: "accidents",
            note: "Hurting oneself by accident: shaving, cooking, falling, sport, \"on the oven tray\", \"nearly killed myself falling off the ladder\", an animal's scratch.",
            phrases: [
                "(<HARMV>|<KILLV>) <MYSELF> [<A>] (shaving|cooking|chopping|slicing|gardening|playing|lifting|skating|cycling|climbing|exercising|dancing|working out|opening|by accident|accidentally|on accident|at the gym|in the gym|at football|at rugby|in a fall|in the crash|in an accident|doing diy|doing the|with the (glue gun|oven|kettle|stapler|tin opener)) !(~6 (on purpose|deliberately|intentionally))",
                "(<HARMV>|<KILLV>) <MYSELF> [<A>] on (the|a|an|some|that|this|broken|sharp|hot|one) !(<BODY>|purpose|bathroom floor|floor|bed|~8 (on purpose|deliberately|intentionally))",
                "(twisted|sprained|broke|broken|pulled|fell|tripped|slipped !up|crashed|dislocated|tore|torn) ~6 (hurt|injured) <MYSELF>",
                "(<HARMV>) my (own)? <BODY> [<A>] (open (on|at|when|while|falling|playing|slipping)|shaving|chopping|by accident|accidentally|cooking|playing|falling|on (the|a|an|some|that|this|broken|sharp|hot)) !(~8 (on purpose|deliberately|intentionally))",
                "(nearly|almost|could have|couldve) [<A>] (<HARMV>|<KILLV>) <MYSELF> ~4 (falling|fell|tripping|tripped|slipping|slipped|on (the|a|an)|off (the|a|my)|down the|when i (fell|tripped|slipped)|laughing|shaving|cooking)",
                "(accidentally|accidently) [<A>] (<HARMV>|<KILLV>) (<MYSELF>|my <BODY>)",
                "(could|couldve|could have|should) [<A>] (hit|kick|kicked|punch|slap|slapped) <MYSELF> (for|when|because)",
                "(hurt|injured|injure|hurting) <MYSELF> (at|in|during|playing|doing) (the|a|my)? (gym|game|match|training|practice|workout|football|rugby|netball|hockey|class|fall|accident|crash|garden|race|run|marathon|yoga|pilates|park)",
                "(cat|cats|kitten|dog|dogs|puppy|baby|toddler|he|she|they|brother|sister|son|daughter|friend|mate|horse|hamster|rabbit|parrot|bramble|brambles|thorns|rose|roses|mosquito|mosquitoes|bee|wasp|someone|somebody) [<A>] (<HARMV>) my (own)? <BODY>",
                "<HARMV> <MYSELF> ~3 (with|on) (the|a|some|my)? (pins|pin|needle|needles|stapler|fork|pencil|thorn|thorns|sewing machine|knitting needle|drawing pin)",
                "(razor|razors|blade|blades) ~6 (shaving|shave|shaved|beard|stubble|legs)",
                "(shaving|shave|shaved) ~8 (razor|razors|blade|blades)",
                "(noose|nooses) for (the|a|our|my) ~2 (halloween|skeleton|decoration|decorations|display|play|costume|scarecrow|haunted house|guy)",
                "(jump|throw myself) ~8 (haha|hahaha|lol|lmao|jk|only joking|just kidding)",
            ],
            yieldsToIntent: true),
        SafetyPhraseGroup(
            name: "third parties and professional contexts",
            note: "Someone else thinking about suicide in training material or news; self-harm as a research or clinical topic; suicide as an idiom or a name.",
            phrases: [
                "(someone|somebody|people|person|anyone|they|he|she|patients|patient|clients|client|callers|caller|pupils|pupil|students|student|teens|young people|others|men|women) (is|are|was|were|who|whos|that|might be|may be|could be|been|s|re|who are|who were|who is)? [<A>] (thinking|talking|thought|think|thinks|at risk) (about|of) <SUICIDE>",
                "suicide (prevention|awareness|training|squad|rates|rate|statistics|stats|helpline|hotline|line|bomber|bombing|bombers|watch|risk|first aid|intervention|survivor|survivors|loss|bereavement|research|course|module|policy|charity|crisis line)",
                "<SUICIDE> (is|was|s) (never|not) (the|an|a)? (answer|option|solution|way)",
                "(social|career|political|commercial|professional|electoral|financial|fashion|dietary|brand) suicide",
                "suicidal (patient|patients|client|clients|caller|callers|people|person|teens|teenagers|youth|students|pupils|men|women|individuals|users|ideation research|behaviour research|tendencies)",
                "(patients|patient|pupils|pupil|students|student|teens|teen|teenagers|teenager|adolescents|adolescent|young people|young person|girls|girl|boys|boy|children|child|kids|kid|clients|client|youths|service users|service user) ~3 <SELFHARM>",
                "(research|study|studies|dissertation|thesis|chapter|paper|training|course|lecture|module|article|documentary|podcast|essay|leaflet|policy|workshop|admissions|admission|referral|referrals|rise in|rates of|awareness) ~4 (<SELFHARM>|suicidal|<SUICIDE>)",
                "(book|novel|film|show|series|episode|play) (about|on) (<SELFHARM>|<SUICIDE>)",
                "(lesson|lessons|lesson plan|assembly|curriculum|resources|guidance|pshe|safeguarding|handover|crisis team) ~5 (<SELFHARM>|suicidal|<SUICIDE>)",
                "(patient|patients|client|clients|caller|callers|pupil|pupils|student|students|someone|person|people|man|woman|boy|girl|child|young person) (with|having|who has|who had|who are|who were|who is|who was|who feel|who felt|that are|who might be|who may be|reporting|presenting with|expressing|who disclosed|disclosing) [<A>] (suicidal|<SELFHARM>|thoughts of suicide)",
                "(patient|patients|person|people|someone|client|clients|teenager|man|woman) (who|that) (has|had|have)? (attempted|tried) (suicide|to (kill|end) (themselves|himself|herself|their life|his life|her life))",
                "(character|characters|protagonist|narrator|hero|heroine|scene|flashback|episode|storyline|plot|series|book|novel|film|show|play|chapter|finale|villain|main character) ~6 (<SELFHARM>|self harming|suicide|suicidal|kills (herself|himself|themselves)|killing (herself|himself|themselves)|cutting|overdose|overdoses)",
                "(he|she|they|hed|shed|theyd|hes|shes|theyre|his brother|her brother|his sister|her sister|the narrator|the character|the protagonist|my (brother|sister|friend|mate|dad|mum|mam|cousin)) [<A>] (had|has|was|were|been|is|are|d|s)? [<A>] (been)? (planning|thinking|going|wanting|trying|about|ready|tempted|decided|wanted|planned) (to|about|of)",
                "(are|have|were|do) you [<A>] (having|been having|had|ever had|thinking|feeling|ever thought|ever felt|thought) ~3 (thoughts of|thoughts about|about|of|like)? (suicide|suicidal|killing yourself|ending your life|<SELFHARM>|harming yourself|hurting yourself|taking your own life)",
                "(uploading|uploaded|upload|documents|files|data|log into|logged into|logging into|login to|sign into|means|called) ~2 kms",
                "kms (means|stands for|is (a|the|our)|in our|at work|system|team|logistics|ltd|limited|group|company|inc|couriers|deliveries|delivery)",
                "(they|defenders|the defenders|soldiers|romans|samurai|people|the people|warriors|the rebels|the zealots|jews|christians|martyrs) ~3 (chose|choose|preferred|prefer|chosen) death",
                "kms (on my|driver|drivers|key|keys|mode|modesetting|service|api|console|encryption|server|linux|aws|box|setup|config|policy|policies)",
                "(aws|linux|amazon|azure|google cloud|gcp|driver|drivers|kernel|cloud|gpu|nvidia|amd|intel|xorg|wayland|encryption|windows|activation|licence|license) ~4 kms",
                "(dont|do not|didnt|never|not) (kill|killing) yourself (over|with|trying|for|at|to)?",
                "(brother|brothers|sister|sisters|friend|friends|mate|mates|cousin|cousins|dad|dads|mum|mums|uncle|aunt|son|sons|daughter|daughters|he|she|they|someone|somebody|boy|girl|man|woman|lad|student|pupil|classmate|colleague|neighbour) ~3 (attempted|tried|committed|died by|has attempted|had attempted) (suicide|to (kill|end) (himself|herself|themselves|his life|her life|their life|their lives))",
                "if i (dont|do not|cant|can not|cannot|dont get to) (get|have|find|eat|drink|see) (some|a|my|more|any)? (sleep|coffee|food|caffeine|chocolate|tea|break|holiday|nap|rest|lunch|dinner|breakfast|sugar|wine|beer|chips) ~4 (im|i am|ill|i will|i m|i) [<A>] (going to|gonna)? (die|be dead|literally die|actually die)",
                "(patient|patients|client|clients|caller|callers|pupil|student|man|woman|boy|girl|lad|teenager|resident|service user) (was|is|were|are|had been|has been|became|seemed|appeared) [<A>] (suicidal|self harming)",
                "(friend|friends|sister|sisters|brother|brothers|son|sons|daughter|daughters|mate|mates|he|she|they|hes|shes|theyve|theyre|cousin|cousins|pupil|student|flatmate|flatmates|partner|partners|girlfriend|boyfriend|kid|kids|niece|nephew) [<A>] (has|had|have|is|was|s|been|started|keeps|keep|d)? [<A>] (been)? (cutting|self harming|burning (herself|himself|themselves)|scratching (herself|himself|themselves)) (again)?",
                "(so|too|that) (bored|hungry|tired|embarrassed|happy|excited|hot|cold|full|thirsty|jealous|proud|relieved|nervous) (i|that i) (could|would|might|will|ll|d) [<A>] (die|just die|literally die|actually die)",
                "(she|he|they|shes|hes|theyre|she s|he s|theyve|my (friend|sister|brother|son|daughter|mate|cousin|pupil|student|partner|flatmate)) [<A>] (has|had|have|is|was|were|been|s|d)? [<A>] (been)? (self harming|<SELFHARM>|cutting (herself|himself|themselves)|hurting (herself|himself|themselves))",
                "(suicidal|suicide) (run|run out|runout|single|pass|tackle|backpass|back pass|header|decision|move|call|challenge|dive|overtake|attempt at goal|defending|line)",
                "(came in|admitted|presented|brought in|seen|arrived) ~3 (after|following|with) (<SELFHARM>|self harming|an overdose|overdosing|a suicide attempt)",
                "(she|he|they|looked like|looks like|like shed|like hed|like she d|like he d|seemed to have|seems to have|who had|who has) ~3 (given up on life|given up on living)",
                "(caller|client|patient|i was the caller|role play|roleplay|role played) ~~8 (had to|have to|supposed to|meant to) (say|ask|read out|practise|practice)",
                "(tumour|tumor|cancer|mole|scan|biopsy|results|symptoms|diagnosis|lump|heart|appointment|consultant|dermatology|oncology|gp|doctor|hospital|test|tests|googled|internet|headache|chest pain|flutter) ~~16 (planned|planning|plan|paid for|chosen|chose) my (own)? funeral",
                "(planned|planning) my (own)? funeral ~~10 (headache|tumour|tumor|mole|appointment|scan|results|cancer|dermatology|heart|consultant)",
                "(not|never) (afraid|scared|frightened) of (dying|death) ~4 but (i want|i d like|id like|i would like) to (see|live|be here|dance|meet|hold)",
                "(thought|felt like|feel like|convinced|swear|swore|certain|sure) ~2 (i was|i d|id|im|i am|i m|i would|i ll|ill) [<A>] (gonna die|going to die|about to die|dying|die|dead|be dead|have a heart attack)",
                "(interviews|interview|survey|surveys|data|transcripts|participants|literature|papers|cases|questionnaire|questionnaires|scale|measures|study|studies|dataset|posts|content) (about|on|of|with|measuring|assessing|covering|mentioning) ~2 (suicidal|<SUICIDE>|<SELFHARM>|suicide)",
                "(says|say|said|saying|tell|tells|told|telling|disclose|discloses|disclosed|admits|admitted) ~3 (they|he|she) [<A>] (want|wants|wanted|are|is|feel|feels|felt|was|were) [<A>] (to die|suicidal|to kill (themselves|himself|herself)|to end (their|his|her) life|to be dead)",
                "be (here|around|alive) (much|for much|any) longer (at|in|on|with|as|than|because) !(this (world|earth|planet))",
                "(how to|to|asking|ask|asked) (ask|talk|talking|asking)? (someone|people|patients|clients|students|pupils|them|callers)? (about|if|whether) ~3 (suicidal|suicide|<SELFHARM>|<SUICIDE>)",
                "(counting|counted|count|saving|saved|sorting|sorted|putting|put) (out)? (my|the|all my)? <MEDS> ~8 (organiser|organizer|dosette|pill box|pillbox|blister|for the week|weekly|reorder|re order|refill|repeat|prescription|pharmacy|pharmacist|chemist|so i (dont|remember|know)|morning|evening|as usual|routine|side effects)",
                "(pharmacist|pharmacy|chemist|nurse|carer) ~4 (counted|counting|counts) (out)? (my|the) <MEDS>",
                "worth living without (coffee|tea|caffeine|chocolate|cake|cheese|wine|gin|beer|pizza|carbs|sugar|wifi|the internet|my phone|netflix|music|sunshine|holidays|weekends|naps|a lie in|biscuits|crisps)",
                "go through with it ~8 (i mean|i meant) (the|my|a)?",
                "(asked|asks|asking|ask) (me)? (if|whether) ~6 (<HARMV> <MYSELF>|<SELFHARM>|suicide|suicidal|<KILLV> <MYSELF>|ending my life) [<A>] (i havent|i have not|i dont|i do not|which i havent|i hadnt|i never have|and i havent|and i dont|and i said no !(~~6 (truth|lie|lied|lying|but|actually|really|not true|wasnt true))|i said no !(~~6 (truth|lie|lied|lying|but|actually|really|not true|wasnt true))|no i havent)",
                "be (here|around) (much|any) longer ~6 (company|firm|notice|team|office|role|position|moving|move|moved|leaving|job|flat|house|contract|lease|visa|off to|emigrating|relocating|new job|uni|university|school)",
                "(patients|patient|clients|client|caseload|referrals|referral|assessments|assessed|clinic|ward|admissions) ~~6 (with)? (active|passive|current)? suicidal (ideation|thoughts)",
                "(saying|said|says|told me|texted|messaged|admitted|wrote) (that)? (she|he|they) (didnt|did not|doesnt|does not|dont|do not|no longer) [<A>] want to be (alive|here|around)",
                "(her|his|their|my (brothers|sisters|mums|dads|sons|daughters|friends|nans|grans)) (old)? (diary|diaries|journal|journals|notebook|notebooks|poems|poetry|letters) ~~12 about (wanting|wanting) to die",
                "(risk|protective) (factors|factor) (for|of)? ~~12 (previous|prior) attempt",
                "(practice|quiz|exam|sample|training|course|module) (question|questions|scenario) ~~12 (thinking about ending my life|ending my life|kill myself|want to die|end my life)",
                "(she|he|they|her|him) [<A>] (wants|wanted) to (disappear|vanish|die|be dead|not wake up|not be here) ~~4",
                "(he|she|they|hed|shed|theyd) (had)? sat in (his|her|their) car with a (hosepipe|hose)",
                "(says|say|said|saying|tell|tells|told|telling|rang|rung|called|texted|messaged|posted|wrote|bout how|about how) ~3 (she|he) [<A>] ~5 (want|wants|wanted|wanna|didnt want|doesnt want|dont want|dont wanna|didnt wanna|did not want|does not want) to [<A>] (die|end it|end it all|end things|be alive|be here|kill (herself|himself)|hurt (herself|himself))",
                "(his|her|their|whether they|if they|whether (he|she)|if (he|she)|whether someone|if someone|whether a person|if a person) (are|is|were|was)? (having|have|has|had)? [suicidal] (thoughts|ideas|feelings|plans) (of|about) (<SUICIDE>|ending (his|her|their) life|killing (himself|herself|themselves)|self harm|harming (himself|herself|themselves))",
                "(saying|says|said|tells me|told me|keeps saying|kept saying) (that)? (she|he) (wont|will not|isnt|is not) [<A>] (going to)? be (around|here) (much|for much|any) longer",
            ]),
        SafetyPhraseGroup(
            name: "explicit negation",
            note: "Only the clearest denials. \"I don't want to live\" is never cancelled: these exclusions only cover dying and killing oneself, and only the denied phrase itself.",
            phrases: [
                "(not|never|nt|isnt|wasnt|arent|am not|im not) [<A>] (been|feel|feeling|felt)? [<A>] suicidal",
                "(would|will|could|d|ll|i|id|ill) never [<A>] (kill myself|end my life|take my own life|take my life)",
                "(dont|do not) [<A>] want to (die|kill myself|be dead) !(but|and|yet|though|i just|i only)",
            ]),
    ]

    // MARK: - Word lists for normalisation

    /// Written forms read as other words before matching: slang, shorthand, text speak and common
    /// misspellings of key words. Left: as written (lower case, no apostrophes). Right: the
    /// canonical word(s) used in phrases.
    static let aliases: [(String, String)] = [
        // contractions and text speak
        ("wanna", "want to"), ("ringin", "ringing"), ("comit", "commit"), ("commmit", "commit"), ("thots", "thoughts"), ("thoughs", "thoughts"), ("bout", "about"), ("agen", "again"), ("agin", "again"), ("wsa", "was"), ("waz", "was"), ("b", "be"), ("dissapear", "disappear"), ("dissappear", "disappear"), ("disapear", "disappear"), ("wana", "want to"), ("wannna", "want to"), ("wantto", "want to"),
        ("gonna", "going to"), ("gona", "going to"), ("finna", "going to"), ("imma", "im going to"),
        ("ima", "im going to"), ("tryna", "trying to"), ("gotta", "got to"), ("hafta", "have to"),
        ("kinda", "kind of"), ("sorta", "sort of"), ("outta", "out of"), ("dunno", "dont know"),
        ("idk", "i dont know"), ("abt", "about"), ("nvr", "never"), ("wke", "wake"), ("v", "very"), ("pls", "please"), ("plz", "please"),
        ("kmsing", "killing myself"), ("kmsd", "killed myself"),
        // Scots and Irish spellings
        ("ah", "i"), ("ahm", "im"), ("ahll", "ill"), ("ahd", "id"), ("ahve", "ive"), ("ma", "my"), ("masel", "myself"),
        ("mysel", "myself"), ("yersel", "yourself"), ("yerself", "yourself"), ("deid", "dead"), ("wis", "was"),
        ("tae", "to"), ("dae", "do"), ("widnae", "wouldnt"), ("wouldnae", "wouldnt"), ("cannae", "cant"), ("canny", "cant"),
        ("dinnae", "dont"), ("didnae", "didnt"), ("isnae", "isnt"), ("wasnae", "wasnt"), ("naebody", "nobody"),
        ("nae", "no"), ("aff", "off"), ("efter", "after"), ("doon", "down"), ("jist", "just"), ("ower", "over"),
        ("fae", "from"), ("gonnae", "going to"), ("anymair", "anymore"), ("hame", "home"), ("skelped", "hit"), ("skelp", "hit"), ("ain", "own"), ("heid", "head"), ("aboot", "about"),
        ("oot", "out"), ("aw", "all"), ("wi", "with"), ("o", "of"), ("wisnae", "wasnt"), ("suside", "suicide"),
        ("sucide", "suicide"), ("suiside", "suicide"), ("sooside", "suicide"), ("itd", "it would"), ("thatd", "that would"),
        ("urself", "yourself"), ("wuld", "would"), ("shud", "should"), ("cud", "could"), ("cannot", "cant"), ("dnt", "dont"), ("wudnt", "wouldnt"),
        ("wouldn", "wouldnt"), ("didn", "didnt"), ("wasn", "wasnt"),
        ("2", "to"), ("4", "for"), ("u", "you"), ("ur", "your"), ("r", "are"), ("n", "and"),
        ("b4", "before"), ("2day", "today"), ("2nite", "tonight"), ("2night", "tonight"),
        ("tonite", "tonight"), ("tmrw", "tomorrow"), ("tmr", "tomorrow"), ("tmrrw", "tomorrow"),
        ("tmw", "tomorrow"), ("tmrow", "tomorrow"), ("2moro", "tomorrow"), ("2morrow", "tomorrow"),
        ("tomoz", "tomorrow"), ("tommorow", "tomorrow"), ("tomorow", "tomorrow"),
        ("rn", "right now"), ("rlly", "really"), ("rly", "really"), ("realy", "really"),
        ("relly", "really"), ("jus", "just"), ("jst", "just"), ("cuz", "because"), ("coz", "because"),
        ("bc", "because"), ("bcos", "because"), ("becuz", "because"), ("nomore", "no more"), ("evry", "every"), ("evryone", "everyone"), ("every1", "everyone"),
        ("some1", "someone"), ("no1", "no one"), ("noone", "no one"), ("nobodys", "nobody"),
        ("meself", "myself"), ("mysefl", "myself"), ("mysef", "myself"),
        ("myslef", "myself"), ("thru", "through"),
        // misspellings of key words (short words that the one-typo rule does not cover)
        ("wnat", "want"), ("wnt", "want"), ("watn", "want"), ("wamt", "want"), ("wabt", "want"),
        ("wan", "want"), ("kil", "kill"), ("kll", "kill"), ("kiil", "kill"), ("killd", "killed"),
        ("lfie", "life"), ("lfe", "life"), ("liife", "life"), ("lief", "life"), ("lyfe", "life"), ("dei", "die"), ("ded", "dead"),
        ("woud", "would"), ("wud", "would"), ("wld", "would"), ("cutt", "cut"), ("cutted", "cut"),
        ("slef", "self"), ("hram", "harm"), ("harmd", "harmed"), ("burnd", "burned"),
        ("dieing", "dying"), ("dyin", "dying"), ("sooicide", "suicide"), ("suicde", "suicide"),
        ("sucidal", "suicidal"), ("suisidal", "suicidal"),
        ("suicidial", "suicidal"), ("anymoe", "anymore"), ("anymor", "anymore"),
        ("wakeup", "wake up"), ("w", "with"), ("nite", "night"), ("lastnite", "last night"),
        ("diee", "die"), ("dieee", "die"), ("iam", "i am"), ("suicidle", "suicidal"), ("suicidel", "suicidal"),
        ("suicdal", "suicidal"),
        // phrases run together ("killmyself"), self-harm written as one word, and algospeak
        ("killmyself", "kill myself"), ("killingmyself", "killing myself"), ("hurtmyself", "hurt myself"),
        ("cutmyself", "cut myself"), ("wanttodie", "want to die"), ("endmylife", "end my life"),
        ("selfharm", "self harm"), ("selfharmed", "self harmed"), ("selfharming", "self harming"),
        ("selfharms", "self harms"), ("selfinjury", "self injury"), ("sewerslide", "sewer slide"), ("sewerslyde", "sewer slide"), ("sewerslid", "sewer slide"), ("kilk", "kill"), ("wnna", "want to"), ("kikl", "kill"), ("klil", "kill"), ("killl", "kill"), ("kjll", "kill"),
        ("suwuicide", "suicide"), ("sooicidal", "suicidal"), ("idw", "i dont want"), ("nevr", "never"), ("evr", "ever"), ("cyaan", "cant"), ("tek", "take"), ("miself", "myself"), ("endit", "end it"), ("purpos", "purpose"), ("oding", "overdosing"), ("shd", "sh"), ("shing", "sh"), ("wantin", "wanting"), ("thinkin", "thinking"), ("endin", "ending"), ("noo", "now"), ("takin", "taking"), ("wakin", "waking"), ("hirt", "hurt"), ("mek", "make"), ("fi", "to"), ("mi", "i"), ("waan", "want"), ("nuh", "not"), ("onie", "any"), ("mair", "more"), ("wid", "would"), ("di", "the"), ("dem", "them"), ("guid", "good"), ("lyf", "life"), ("ths", "this"), ("wil", "will"), ("sory", "sorry"),
    ]

    /// Longer key words where one typo is tolerated ("sucide", "beter", "anymoer"): one letter
    /// added, dropped, changed, or two neighbours swapped, never the first letter changed.
    static let typoTolerantWords: [String] = [
        "suicide", "suicidal", "myself", "anymore", "better", "without", "killing", "cutting",
        "harming", "alive", "existing", "burden", "tomorrow", "tonight", "overdose", "overdosed",
        "overdosing", "unalive", "again", "deserve", "paracetamol", "disappear", "forever",
        "everyone", "everybody", "relapsed", "thinking", "wanting", "hurting", "burning",
        "yourself", "wouldnt", "happier", "tablets", "nobody", "living", "sleeping", "life", "reason", "tired", "notice",
    ]

    /// Key words a censored word may stand for: "k*ll" is read as "kill", "s*icide" as "suicide".
    static let censorableWords: [String] = [
        "kill", "kills", "killed", "killing", "die", "dead", "dying", "suicide", "suicidal",
        "myself", "self", "harm", "harming", "cut", "cutting", "unalive", "death",
    ]

    /// Real words that are one typo away from a key word and must not be read as it
    /// ("bitter" is not "better", "suicides" the drill is not "suicide").
    static let knownWords: [String] = [
        "bitter", "batter", "butter", "bettor", "betted", "alike", "alice", "aline", "olive",
        "killings", "exiting", "overdone", "suicides", "cuttings", "thanking", "thinning", "wasting",
        "hunting", "hurling", "hurtling", "burying", "burping", "loving", "liking", "diving",
        "giving", "leaving", "sleeping", "steeping", "sweeping", "slipping", "tonights", "wants",
        "burdens", "forevermore", "nobodies", "yourselves", "happiest", "agin",
        "gain", "agains", "against", "novice", "notices", "noticed", "lift", "lifts", "lite", "lime", "lice", "line", "wife", "season", "treason", "tires", "tiled", "timed", "tiered", "tried", "tables", "tablet", "tabled",
    ]

    /// Word lists that switch a phrase group off for the whole entry (see `unlessEntryMentions`).
    static let notInTheseContexts: [(String, [String])] = [
        // A bare "end it" means breaking up when the entry is about a relationship.
        ("a relationship", [
            "boyfriend", "girlfriend", "bf", "gf", "husband", "wife", "partner", "relationship",
            "dating", "marriage", "married", "engaged", "engagement", "fiance", "fiancé", "fiancee",
            "divorce", "ex", "breakup", "situationship", "flatmates", "roommates", "spark",
            "anniversary", "cheating", "cheated", "affair", "tinder", "hinge",
        ]),
        // Words that make a weak construct ("that's the plan", "I'll do it when Mum's away") count:
        // a means, a place, dying or a farewell somewhere in the same entry.
        ("risk context", [
            "die", "dying", "dead", "death", "suicide", "suicidal", "kill", "killing", "pills", "tablets",
            "overdose", "rope", "noose", "bridge", "cliff", "cliffs", "tracks", "blade", "blades", "razor", "razors",
            "gun", "shotgun", "rifle", "drown", "poison", "hang", "hanging", "funeral", "goodbye", "grave",
            "burden", "garage", "hose", "hosepipe", "insulin", "paracetamol", "platform", "ledge", "balcony",
            "letters", "unalive", "kms", "ctb", "scars", "lighter", "exhaust", "quarry", "viaduct", "river",
            "reservoir", "sea", "loch", "lake", "beam", "belt", "cord", "trains", "train", "multistorey", "roof",
            "terrace", "floors", "storeys", "dam", "edge", "revolver", "kys", "poison", "vials", "weedkiller", "woods", "woodland", "garage", "engine", "crossing", "rocks", "lookout", "lough", "blade", "pills", "envelope", "pistol", "morphine", "hydromorphone", "oxycodone", "meds", "block",
        ]),
        // Preparing to leave a home or a job, not to die, a fresh start (Lent, a resolution, a detox), or
        // cutting costs.
        ("a move", [
            "operation", "surgery", "crutches", "moving", "move", "moved", "movers", "emigrating", "emigrate", "relocating", "relocate", "relocation",
            "abroad", "visa", "flight", "flights", "packing", "boxes", "removal", "removals", "tenants", "tenant",
            "landlord", "lease", "australia", "canada", "uni", "university",
            "deployment", "posting", "sabbatical", "retiring", "retirement", "wedding", "lent", "resolution",
            "resolutions", "detox", "budget", "budgeting", "frugal", "cheaper", "afford", "expensive",
            "prices", "skint", "save",
        ]),
        // Clocking off or checking out for good is about work in these entries.
        ("leaving a job", [
            "retire", "retiring", "retired", "retirement", "resign", "resigned", "resignation", "redundancy",
            "redundant", "payslip", "pension", "colleagues", "hotel", "airbnb",
        ]),
        // A hosepipe with a car is about washing it or the garden in these entries.
        ("washing and gardening", [
            "wash", "washing", "washed", "garden", "watering", "water", "plants", "pond", "lawn", "leak", "leaking",
            "plumber", "plumbing", "hosed", "sprinkler", "paddling", "aquarium", "valet",
        ]),
        // Relapse and "days clean" are about self-harm only when the entry is not about these.
        ("other recovery", [
            "cigarette", "cigarettes", "cigs", "fags", "smoking", "smoke", "smoked", "vape", "vaping",
            "nicotine", "drink", "drinking", "drank", "drunk", "booze", "alcohol", "wine", "beer",
            "pint", "pints", "sober", "sobriety", "aa", "na", "drugs", "weed", "cocaine", "coke",
            "heroin", "vodka", "gambling", "betting", "porn", "diet", "dieting", "sugar", "caffeine",
            "cancer", "symptoms", "illness", "disease", "remission", "flare", "gaming", "quitting",
            "duolingo", "wordle", "snapchat", "app", "running", "gym", "chess", "game", "minecraft", "hardcore", "level",
            "workout", "workouts", "exercise", "fitness", "meditation",
        ]),
    ]
}

extension SafetyPhrases {
    // MARK: - Intent and quotations

    /// Words of the writer's own intent. An exclusion marked `yieldsToIntent` (accidents) never
    /// cancels a match with one of these in it or up to five words before it in the sentence:
    /// "thinking about burning myself with the kettle" is not an accident.
    static let intentWords: [String] = [
        "want", "wants", "wanted", "wanting", "need", "needed", "needing", "urge", "urges", "tempted",
        "temptation", "thinking", "thought", "thoughts", "planning", "planned", "plan", "going", "decided",
        "itching", "craving", "considering", "contemplating", "wish", "wished", "wishing", "deserve",
        "deserved", "intend", "intending", "ready", "fantasising", "fantasizing", "imagining", "considered",
        "considering", "contemplated", "contemplating",
    ]

    /// An entry told from safety: the writer says in so many words that the hard time is over and
    /// that they are safe now (a testimony, an anniversary of being free of self-harm, therapy
    /// homework answering an old thought, "I'm glad I'm still here"). Its concerning matches,
    /// which tell of that past, do not count, unless the entry also says that something is back
    /// now or that the writer wants it now (`backNow`): "two years clean today and the urges are
    /// back" still flags. Keep `safeNow` to plain statements of safety, never a mere past tense.
    static let toldFromSafety = SafetyToldFromSafety(
        safeNow: [
            "(glad|grateful|thankful|relieved) ~5 (im|i am|i m|to be|i was|i) [<A>] still (here|alive|around) !(and (i|im) (hate|wish|dont|do not))",
            "(glad|grateful|thankful|relieved) (that|the)? (girl|boy|man|woman|kid|lad|lass|teenager|teen|person|younger me|younger self|version of me) (stayed|held on|hung on|survived|lived|made it|kept going|got through)",
            "(havent|have not|hasnt|has not|hadnt|had not) [<A>] (harmed|hurt|cut|burned|burnt|self harmed|wanted to|wanted it|felt (that way|like that)|thought (about|of) it|had (the|an|any|those|that)? (urge|urges|thoughts|thought|pull)|been around|been back|visited|come back|needed it|needed to) ~4 (in|for) [over|well over|more than|nearly|almost|about] [<SPAN>] (years|year|decades|decade|long time|very long time)",
            "(havent|have not|hasnt|has not) [<A>] (in|for) [over|well over|more than|nearly|almost|about] [<SPAN>] (years|year|decades|decade|long time|very long time)",
            "<SPAN> (years|year|months|decades) (free|clean) (from|of) (<SELFHARM>|<SH>|cutting|harming|hurting myself|burning myself|self injury)",
            "<SPAN> (years|year|months|decades) (sober|clean|free|well) [<A>] (today|now|this week|this month)",
            "(its|it is|it s|thats|that is|that s) [<A>] (behind me|in the past now|a story now|a memory now|just a memory now|over now)",
            "(girl|boy|man|woman|kid|lad|lass|teenager|teen|person|version of me|younger me) (who|that) [<A>] (wanted to (die|end it|disappear|not be here)|tried|self harmed|used to (cut|hurt|self harm)|hurt (herself|himself)) ~~10 (feels like|feel like|wouldnt believe|would not believe|stranger|old photo|old photograph|someone i used to|different person|long gone)",
            "(write|wrote|writing|written) (a|my)? (letter|note) to (the|my) (#num year old|younger|teenage|old|past|former) ~3 (self|me|who)",
            "(dont|do not|no longer) believe (that|the|this) (old)? thought",
            "(old|automatic|negative|unhelpful) thought ~~40 (dont believe|do not believe|no longer believe|evidence against|balanced thought|wasnt a fact|was not a fact|isnt a fact|isnt true|not true anymore)",
            "thought record ~~80 (balanced thought|evidence against|belief in the old thought)",
            "<SPAN> (years|decades) (on|later) ~~3 (im|i am|ive|i have|i m|and (im|i am|ive|i have)|i (feel|live|work|run|teach|help|volunteer|sleep|laugh))",
            "(gave|give|giving|wrote|write|writing|shared|sharing|share|told|tell|telling) (my)? (talk|testimony|story) (for|at|to|in) ~4 (mental health|church|group|meeting|assembly|school|conference|newbies|congregation|class|service)",
            "testimony (night|evening|sunday|service)",
            "(answer|answering|answered|challenge|challenging|challenged) (the|an|my|that) (old|automatic|negative|unhelpful) thought",
            "(like reading|reads like|read like|feels like|is like) ~2 (a stranger|someone else|a different person)",
            "<SPAN> (years|months) ago ~~25 (now|today|these days) (im|i am|i m|ive|i have) [<A>] (doing|married|working|studying|training|a|an|running|living|happy|well|settled|engaged|free|glad)",
            "(old)? (diary|diaries|journal|journals|notebook|notebooks) from when i was (a teenager|at school|at uni|in school|<SPAN>)",
            "<SPAN> (years|months|year) since i (last)? (hurt|harmed|cut|burned|burnt) (myself)?",
            "<SPAN> (months|years) out of (the)? (psych unit|psych ward|psychiatric unit|psychiatric ward|unit|ward|hospital|inpatient unit) [<A>] (today|now)",
        ],
        backNow: [
            "(thoughts|urges|urge|pull|feelings|voice|voices|darkness|cravings|craving|it|they) [<A>] (is|are|s|re|have|has)? [been] [<A>] (back|coming back|creeping back|crept back|came back|returning|returned) !(to|at|in|home|on|from|up|out|then|when)",
            "(still|lately|recently|tonight|right now|these days|today|again|now) [<A>] (want|wanting|wish|wishing|thinking about|think about|planning|plan|tempted|need|craving) (to|about|of)? [<A>] (die|dying|end|ending|kill|killing|cut|cutting|hurt|hurting|harm|harming|it|disappear|not being here|death|suicide)",
            "(i|im|i am) [<A>] (want|need|wanting|needing|craving|going|planning) to [<A>] (cut|hurt|harm|burn|die|end it|end my|disappear|kill)",
            "(not|never|isnt|arent|wasnt|hardly|barely) [<A>] (glad|grateful|thankful|relieved) ~5 still (here|alive|around)",
            "(relapsed|relapse|slipped|threw it away|blew it|broke my streak|back to day|messed it up|screwed it up|ruined it|lost it all)",
            "(gone|lost|ruined|wasted|over|undone) in (a|one) (second|night|moment|go|evening)",
            "(tonight|today|last night|this morning|this evening|yesterday) [<A>] i [<A>] (<HARMV>|self harmed|did it)",
            "<HARMV> (<MYSELF>|my <BODY>) again",
            "(same|that same|the old) (pull|urge|urges|thoughts|feeling) [<A>] (again|tonight|today|now|back)",
            "(opened|got out|took out|found) (the|my) (box|tin|kit|stash|blades|razors) ~~16 (hold them|use|used|hid|hidden)",
            "(im|i am|i m|ive been|i have been|been) [<A>] (thinking about|planning|wanting) (it|doing it|dying|ending it|suicide|to die) [<A>] (again|now|lately|tonight)",
        ])

    /// A concerning phrase wholly inside quotation marks is a mention, not a disclosure, when the
    /// text names the quotation as a title, lyric, line or word: a phrase from `before` ends just
    /// before it, or one from `after` starts just after it. A quotation of one or two words (a
    /// word being talked about: "apparently 'kms' is everywhere") is a mention too. Neither holds
    /// when the writer marks the words as their own (`ownWords`: "I said 'I want to die'").
    static let quotation = SafetyQuotationPhrases(
        before: [
            "(song|songs|lyric|lyrics|line|lines|poem|poems|poet|book|books|novel|film|films|movie|movies|title|titled|called|named|track|album|chorus|verse|quote|quoted|quoting|slogan|poster|sign|graffiti|hashtag|slang|word|words|term|terms|phrase|phrases|meme|caption|episode|show|play|character|lyricist|band|singer|sings|sang|singing|rapper|opening|headline|abbreviation|abbreviations|acronym|acronyms|search terms) [like|such as|is|was|of|from|goes|went|reads|read|says|said]",
            "(like|such as|the word|words like|phrases like|terms like) ",
            "(stuck in my head|earworm|in my head) [all (day|week|morning)]",
            "(had to|have to|supposed to|meant to|got to|asked to) (say|ask|read out|practise|practice|pretend)",
            "(said|says|saying|goes|told me|tells me|texted|messaged|wrote|shouted|screamed|yelled|muttered|joked|joking|announced|announces|declared|declares|wailed|whined|moaned|groaned|keeps saying|kept saying|always says|used to say|belting|belted|humming|hummed|rapping|blasting|blasted|screaming along|singing along|sings along)",
            "(speaker|narrator|protagonist|character|hero|heroine) (says|said|asks|asked|thinks|wrote|writes)",
            "(asking|ask|asked|asks) [someone|people|them|him|her|patients|clients|pupils|students|the caller|callers|a patient|a client|a student] [directly]",
            "(role played|roleplayed|role play|practised|practiced|practising|practicing|rehearsed|learned to ask|taught to ask) [asking|saying|the question]",
            "(overheard|overhear|eavesdropped on) [<A>] [(on|in|at) (the|a) (bus|train|tube|tram|queue|cafe|shop|pub|street|playground|platform)]",
        ],
        after: [
            "(is|was|are|were|s) (the|a|an|my|our|their|his|her)? [<A>] (opening|first|last|final|famous|best|favourite|favorite|closing|main|key)? (line|lines|lyric|lyrics|title|chorus|verse|quote|phrase|refrain|hook|slogan|caption|tagline|name|word|words|song|question|slang|code)",
            "(are|is) (everywhere|slang|code|banned|trending|a meme|the new)",
            "(means|meant|mean|stands for|stood for) ",
            "(by|from) (the)? [<A>] (band|singer|poet|author|film|song|album|musical)",
            "(on repeat|came on|comes on|played|playing|was playing|is playing)",
            "(we|i|they) (practised|practiced|rehearsed|role played|roleplayed) (saying|asking)",
        ],
        ownWords: [
            "(i|id|ive|im) [<A>] (said|say|saying|told|tell|telling|typed|type|typing|wrote|write|writing|screamed|scream|whispered|whisper|texted|text|messaged|posted|sobbed|cried|shouted|yelled|admitted|confessed|muttered|kept saying|keep saying|keep thinking|kept thinking|thought|think|thinking) [(to|at) (him|her|them|mum|dad|mom|myself|my (mum|dad|mom|therapist|gp|doctor|counsellor|friend|partner|husband|wife|boyfriend|girlfriend|sister|brother))]",
            "(my (head|brain|mind|thoughts|inner voice)|the voice|a voice) ~3 (says|said|keeps saying|kept saying|tells me|told me|whispers|screams|is saying)",
        ])
}
