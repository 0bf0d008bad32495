import Testing
import SayItLaterCore

// Construct-level tests for the safety matcher: each family is tried with sentences written for
// these tests (not taken from any labelled set), in several voices, and with everyday sentences
// that use the same words and must not flag.
// Content note: these strings are short invented journal lines describing suicidal thoughts and
// self-harm, and everyday lines that use the same words. None are real people's words.

private let detector = SafetyDetector()

@Suite("SafetyDetector constructs")
struct SafetyConstructTests {

    // MARK: Columbia categories

    @Test("wish to be dead, in any mood and register", arguments: [
        "I keep hoping I'll get some illness and just die.",
        "Part of me is hoping I just don't make it through the surgery.",
        "honestly i'd be fine if i never woke up again",
        "Some nights I lie there hoping my heart just stops.",
        "I'd welcome a heart attack at this point.",
        "I wish I could just cease to be.",
        "I hope tomorrow never comes for me.",
        "I have no wish to live any longer.",
        "I find myself envious of the dead.",
        "Lord, let me go home to you tonight. I cannot bear another day.",
        "I should count it a mercy to be taken in my sleep.",
        "One grows weary of rising each morning only to suffer.",
        "I'd be as well dead, for all the good I do.",
        "Being dead would be better than this.",
        "Everybody will be at peace soon, me included.",
    ])
    func wishToBeDead(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("suicidal thoughts and intent said outright", arguments: [
        "I'm going to end myself.",
        "I want to end me.",
        "I am wanting to finish my life. There is no reason to stay.",
        "My mind keeps going back to suicide.",
        "I've been considering suicide.",
        "I'm going to kill myself tonight after everyone's asleep.",
        "im gonna comit suicide",
        "If I die tonight it won't be an accident.",
        "I have lived too long and I intend to put an end to it.",
        "It is my intention to depart this world before Easter.",
    ])
    func suicidalThoughts(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("orders the writer gives themselves", arguments: [
        "Just end it already you coward.",
        "Don't you dare wake up tomorrow.",
        "Why are you still here? Nobody asked you to stay.",
        "You could end all of this in ten minutes.",
        "Go to the bridge. You know what to do.",
        "Swallow them and stop whining.",
        "Tonight's your last night. Make it count.",
        "hurt yourself. you deserve it.",
    ])
    func ordersToOneself(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("method: means kept, looked at, tested or weighed", arguments: [
        "I bought a second packet today. Now I've got forty. That should do it.",
        "I've been looking up how much weight a loft beam can hold.",
        "There's a spot on the viaduct where the railings are low. I checked on Sunday.",
        "The old shotgun is oiled and loaded in the cabinet. I know what it is for.",
        "I keep eyeing the beam in the loft.",
        "I've worked out the dose. I know it'll work.",
        "Thinking about how to get hold of a gun.",
        "I've looked at the train timetable to see which ones don't stop.",
        "Been thinking of the quarry again. How quiet it would be.",
        "I want to throw myself under a train.",
        "The tablets are lined up on the desk.",
        "I tied the cord and stood on the chair. Then I got down.",
    ])
    func method(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("intent and plan: a time, a place, a decision", arguments: [
        "tomorrow is the day. i've decided.",
        "I don't plan on being here when the baby's born.",
        "I won't see 30. I've made sure of that.",
        "I've found the place and the time. All that's left is to go.",
        "Every night I lie awake planning how I'd do it.",
        "I wrote down three ways I could do it and ranked them.",
        "I was going to do it last night but the dog wouldn't stop barking.",
        "Friday night, the car, the garage. That's the plan.",
    ])
    func intentAndPlan(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("preparatory acts and farewells", arguments: [
        "Went through my phone and deleted everything. Less for them to find.",
        "Paid off the last of my credit card so nobody inherits my debt.",
        "I've been giving away my books one at a time so nobody notices.",
        "I've set up the direct debits so Mum won't have to deal with anything after.",
        "I wrote my own obituary last night.",
        "Wrote letters to the kids. Left them with the will.",
        "Dear Mum and Dad, I'm so sorry. Please don't blame yourselves. I love you both. Goodbye.",
        "Final post. It's been an honour, lads.",
        "Please don't be sad when you find out.",
        "If something happens to me, know that it was my choice.",
        "I'm saying goodbye to the dog every night like it's the last time.",
    ])
    func preparationAndFarewell(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("burdensomeness", arguments: [
        "My family would save so much money if I wasn't here.",
        "If I wasn't around, my parents could finally stop worrying.",
        "They'll be sad for a bit but they'll get over it. They'd be better off in the long run.",
        "Everyone keeps saying I'm not a burden. I know better.",
        "everyone wud b better off w/o me",
        "I keep thinking everyone's lives would be easier if I wasn't in them.",
    ])
    func burdensomeness(_ text: String) { #expect(detector.isConcerning(text)) }

    // MARK: Self-injury

    @Test("self-injury acts with a marker of intent", arguments: [
        "I picked at the scabs on my arm until they bled, on purpose.",
        "Bruised my legs with a hairbrush so I could feel something.",
        "I punch walls until my knuckles are raw, it's the only thing that helps.",
        "Had the knife against my wrist for ages tonight. Didn't press.",
        "I smashed a glass and used a shard on my leg",
        "Ran the blade across my stomach tonight.",
        "I starve myself as punishment.",
    ])
    func selfInjuryActs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("self-injury urges", arguments: [
        "I want to feel the sting again so badly.",
        "I keep holding the lighter near my skin.",
        "I'm staring at the razor in the shower and I can't stop.",
        "My thighs are begging for the blade tonight.",
        "gonna go cut now. dont care anymore",
    ])
    func selfInjuryUrges(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("self-injury relapse", arguments: [
        "Two months free and I've just cut again.",
        "I relapsed and cut again.",
        "The blades came back out tonight.",
        "My arms are covered in scars and I keep adding more.",
    ])
    func selfInjuryRelapse(_ text: String) { #expect(detector.isConcerning(text)) }

    // MARK: Everyday language with the same words

    @Test("everyday sentences that must not flag", arguments: [
        "I keep a bottle of paracetamol in my bedside drawer for headaches.",
        "Saving my paracetamol for the next migraine.",
        "Stood on a chair to change the light bulb.",
        "I want to jump off the high board at the pool this summer.",
        "I'm so tired I could die.",
        "I'm so bored I could die.",
        "If I don't get some sleep I'm going to die.",
        "Looked up the train timetable for Saturday's trip.",
        "Wrote my grandad's obituary for the local paper.",
        "Relapsed on sugar after two weeks.",
        "Sorted my wardrobe and took three bags to the charity shop.",
        "Cleared my desk at work today, new job starts Monday.",
        "I'm ready to go whenever you are, the taxi's outside.",
        "Dad says he'd rather be dead than go into a care home. He's 92 and fit as a fiddle.",
        "Overkill, myself included, everyone brought cake",
        "I'm so tired of being the one who always apologises first.",
        "The kids will be fine without me for one night.",
        "I'm tired of living with my parents.",
        "We jumped off the pier into the sea, freezing!",
        "The patient was suicidal on admission but stable now.",
        "My friend's been cutting again, I'm worried about her.",
        "My brother's friend attempted suicide last year. He's doing better now.",
        "Read a book about a man who took his own life. Beautifully written.",
        "Convinced the headache was a tumour and planned my own funeral in my head. It was a migraine.",
        "The textbook says the defenders chose death over capture.",
        "Coach made us run suicides until we could barely stand.",
        "Suicidal run-out by Raj cost us the match.",
        "KMS Logistics rang about the delivery.",
        "HR says my S/H balance resets in April.",
    ])
    func everydayLanguage(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Text as people type it

    @Test("stretched, leetspeak, run-together, spaced and dotted words", arguments: [
        "i just wanna diiiiiie",
        "wish i was deadd",
        "1 w4nt t0 d13",
        "iwanttodie iwanttodie",
        "i w a n t  t o  d i e",
        "k.i.l.l. m.y.s.e.l.f. is all I can think",
        "thinkin bout sucide agen",
        "s*icide has been on my mind all week",
        "I want to\nkill myself",
        "i wanna d1e so bad",
        "💀💀 want to be gone for real",
        "took all my 💊 tonight",
        "Ah'm gonnae make it stop, properly this time, nae coming back fae it.",
    ])
    func typedAsPeopleType(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("the same normalising does not invent words", arguments: [
        "The audience studied the deadlines.",
        "Soooo tired after the gym, legs are jelly.",
        "Played 2 games of chess and won both.",
        "Cycled 42 kms today! New record.",
        "i w a n t  t o  s l e e p",
    ])
    func normalisingIsBounded(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Exclusions never cancel intent; quotations

    @Test("an accident word does not cancel a stated intent")
    func intentOverridesAccident() {
        #expect(!detector.isConcerning("Burned myself on the kettle making tea."))
        #expect(detector.isConcerning("Thinking about burning myself with the kettle. Not doing it yet."))
        #expect(!detector.isConcerning("Ran 10 kms before work."))
        #expect(detector.isConcerning("i want 2 kms"))
    }

    @Test("quotations named as titles, lines or words are mentions, not disclosures")
    func quotations() {
        #expect(!detector.isConcerning("\"I want to die\" is the opening line of the poem we're analysing."))
        #expect(!detector.isConcerning("Teaching Year 9 about online safety, apparently 'kms' and 'unalive' are everywhere."))
        #expect(!detector.isConcerning("Song lyric stuck in my head all day: \"when I'm dead put my bones in a shoebox\"."))
        #expect(!detector.isConcerning("Gran said ‘I’ll be dead and buried before you finish that kitchen’."))
        // The writer's own words in quotation marks still count.
        #expect(detector.isConcerning("I said to Mum \"I want to die\" and she cried."))
        #expect(detector.isConcerning("\"I want to die\" I whispered into the pillow."))
    }

    @Test("a weak sign of a plan counts only in an entry that names a means or a place")
    func weakSignsNeedContext() {
        #expect(!detector.isConcerning("Friday night, the car, the supermarket. That's the plan."))
        #expect(detector.isConcerning("Friday night, the car, the garage, the hosepipe. That's the plan."))
    }

    // MARK: Constructs added after round 6's first run (each with sentences of its own)

    @Test("plans, dates and means said without the plain words", arguments: [
        "Settled on the 3rd to end it, after payday so nobody is left short.",
        "The anniversary. Dying then would be fitting somehow.",
        "Driving out to the quarry on Saturday. Not coming back down this time.",
        "I'll throw myself off the viaduct by the retail park.",
        "Bought some rope and told the woman at the till it was for the allotment.",
        "I've counted the tablets twice tonight. There are enough.",
        "Hoarded my prescription all month, there are enough to overdose properly now.",
        "Stood at the railing over the motorway wanting to just go over.",
        "Left the engine running in the garage for ten minutes tonight, just to see.",
        "Sat with the rifle across my lap till two in the morning.",
        "how many of my insulin pens would finish me, I keep wondering",
        "Read that a craft blade is enough to cut a vein.",
        "Two years since the attempt and the urges are back.",
        "Tried three times before. Tonight feels exactly like those nights.",
        "The old bruise on my neck has faded and I keep looking at the loft hatch beam again.",
        "Once the cat is gone I won't have a reason to stay.",
        "If the biopsy is bad I won't fight it. I'd rather go.",
        "I'd be far happier dead, honestly.",
        "Being dead would have been simpler for everyone.",
        "I don't think I'll still be here for the wedding.",
        "I mean to have done with it.",
        "Worked out the where and the when. Just need the nerve.",
        "Wrote the letters this evening, one for Dad, one for Amira.",
    ])
    func plansDatesAndMeans(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("wishes, farewells and orders to oneself in other words", arguments: [
        "I want my life over, that's all.",
        "How restful it would be to not be here anymore.",
        "I wished I hadn't woken up this morning.",
        "Every night I pray that I shall not see the morning.",
        "Please let me not wake tomorrow.",
        "I have no desire to remain.",
        "I've decided I'm not going to see forty.",
        "I desire death, plainly.",
        "Kms thoughts again tonight.",
        "Stop being a coward and swallow them.",
        "Note to self: nobody needs you. Do it.",
        "Dear future me, there won't be one.",
        "You're going to step off one of these nights.",
        "I'll be dead by the time you read this. Sorry.",
        "It was my choice and I made it. Look after Mum.",
        "I shall not be here after Friday. Forgive me.",
        "Gave my bike to my nephew, he doesn't know it's because I won't be here to ride it.",
        "I won't be needing them where I'm going.",
        "Cancelled the physio and the dentist. I won't be around for any of them.",
        "I'm not going anywhere they can visit.",
        "My family would have far less worry if I wasn't alive.",
        "Taking myself out of the picture would be a kindness to them.",
        "Pressed the iron to my thigh on purpose.",
        "My legs are barcodes again.",
        "Day one again. I cut.",
        "Don't plan on being around much longer, honestly.",
        "I should have ended it back in the spring.",
    ])
    func wishesFarewellsAndOrders(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("the same words in everyday use", arguments: [
        "That's the hill I will die on: tabs, not spaces.",
        "Ending it all... the takeaways, the gym membership I never use. New me.",
        "Kept thinking I was going to die, but the ECG was fine and the doctor says it's panic.",
        "Made a noose for the Halloween skeleton on the porch.",
        "Overheard on the train: \"if I fail this exam I'm going to die\".",
        "Deleted my social media for Lent and closed the old accounts I never use.",
        "The draft is due Friday, which will kill me.",
        "I don't plan on checking out until noon, the breakfast is too good.",
        "Counted the tablets for the week, enough to last till the pharmacy opens.",
        "Bought a hosepipe for the garden and some seed trays.",
        "We booked one last Christmas with me at home before I move to Leeds.",
    ])
    func everydayUseOfNewConstructs(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Constructs added after round 7's first run (each with sentences of its own)

    @Test("lists, fragments, formal registers and conditionals", arguments: [
        "Reasons to die: all of them. Reasons to stay: the dog.",
        "Pros and cons of still being alive. The cons won again.",
        "Cleaned the flat so nobody else has to. Scheduled all the bills for next month.",
        "Told my brother I'm going abroad. I'm not going abroad.",
        "Had one last proper visit with Gran today. Nobody knew that's what it was.",
        "Instructions for after: the cat goes to Lou. Sorry for the mess.",
        "When they find me dead tell them it was quick.",
        "Life has become a burden I no longer wish to bear.",
        "I no longer have any desire to continue living.",
        "I would much rather be dead than face another Christmas.",
        "If I died tonight it would be a mercy.",
        "If anything happened to me on the motorway I wouldn't fight it.",
        "I want to fall asleep and die.",
        "i jst wnt to vanish and be dead",
        "wnna b ded",
        "Just die.",
        "Time to go, and the pills in the bathroom will see to it.",
        "Which car parks in town have no barriers on the top floor, I checked.",
        "Worked out the dose that would kill me.",
        "Saved up the tablets from three prescriptions. It should be enough.",
        "I could swallow enough to never wake up again.",
        "Walking out to the viaduct tonight to die.",
        "I'd been clean from self harm for a year. Not anymore.",
        "They brought me back last time and I'm still furious about it.",
        "Checked whether the life insurance pays out if it's suicide.",
        "Thinking I might not come back from my swim tomorrow.",
        "There's a future where I'm not in it, and I like it.",
        "I want out. Out of being alive.",
    ])
    func listsFragmentsAndRegisters(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("the same words again in everyday use", arguments: [
        "I'm going to end it with the book club, it's a waste of an evening.",
        "Found a mole that changed shape and now I'm convinced I'm going to die of it. GP on Monday.",
        "My blood pressure was up and I spiralled into imagining my own funeral. Tea helped.",
        "Had that song stuck in my head all day: 'I want to die young'.",
        "My nephew announced 'I am dead' and flopped onto the sofa when the wifi went.",
        "Reasons to die for: none, I told the class, but plenty to live for.",
        "Cleaned the whole kitchen so nobody has to do it in the morning.",
    ])
    func everydayUseAgain(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Constructs added after round 8's first run (each with sentences of its own)

    @Test("prayers, self-addressed orders, farewells and quiet preparations", arguments: [
        "Every night I ask God, quietly, after the rosary, to take me in my sleep.",
        "I pray never to wake up again.",
        "At the funeral I'd gladly have swapped places with him.",
        "I just want to drift off and never come back.",
        "A long sleep with no morning after it is all I want.",
        "I wish I'd never existed.",
        "Dying seems like the only way out now.",
        "If my heart just stopped tonight I'd be grateful.",
        "I wish I could go with her, wherever she is now.",
        "How peaceful it would be to never wake up.",
        "I keep wishing I hadn't woken up in that ward.",
        "kms isn't a joke for me anymore",
        "no one would care if i died so why not",
        "lowkey want to commit die",
        "thinking about a toaster bath tbh",
        "gonna yeet myself off the bridge",
        "The voices keep telling me to kill myself.",
        "The thought doesn't frighten me anymore, and it should.",
        "I could just step off the platform and they'd all be better off.",
        "If the dark thoughts came back I'd tell her. They have, and I haven't.",
        "You know what you have to do, nobody needs you here.",
        "You didn't finish it last time, so do it properly this time.",
        "Nobody is going to stop you this time.",
        "Go and get the blade, you'll feel better, you always do.",
        "Checked the multi-storey: no barriers on the top deck.",
        "I've settled on the viaduct.",
        "I've decided that's the day.",
        "Nobody will have to find me.",
        "I'm not planning on being around to find out how the exams go.",
        "I don't reckon I'll still be here by then.",
        "Not waiting around for the end.",
        "Would anyone notice if I never came back?",
        "When she passes I'll follow her.",
        "Once everything is sorted I'll go.",
        "I shan't wait for this body to give out.",
        "Please don't blame the train driver.",
        "Writing this so you know it wasn't an accident.",
        "What I'm about to do isn't your fault.",
        "goodnight everyone for the last time",
        "Don't look for me at the cliffs.",
        "Make sure it's not the kids who find me, they can't be the ones to find me.",
        "When this letter reaches you I shall have gone.",
        "None of this was because of you.",
        "My death would be the one useful thing I could give them.",
        "They'd be worth more without me around.",
        "Reasons to stay alive: two. Reasons not to: everything.",
        "Did some damage to my leg with the edge of a ruler.",
        "Took it out on my skin again.",
        "Dragged the compass point across my arm in maths.",
        "Bought a hoodie so nobody sees the new cuts.",
        "Three fresh cuts on my thigh.",
        "craving the blade tonight",
        "Eight weeks without cutting and I relapsed tonight.",
        "Clean count: zero again.",
        "I will rest permanently soon.",
        "Booked the GP for next month, don't expect I'll need it.",
        "Wrote out all my passwords and cancelled Netflix.",
        "Filled in an online will form and left my login details in the desk.",
    ])
    func roundEightConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("the same words again, about something else", arguments: [
        "Two patients on the ward with active suicidal ideation; both reviewed by the team.",
        "She texted saying she didn't want to be alive anymore, so I went straight round and we called the crisis line together.",
        "Found my brother's old journal from school, pages about wanting to die. He laughed at it with me today.",
        "Revision: risk factors for suicide include a previous attempt and isolation.",
        "In the play I stab myself with a rubber knife every night.",
        "Our KMS rollout is late again.",
        "I'm going to die. I'm not, obviously, but the exam is tomorrow.",
        "Wrote my own obituary as a writing class exercise.",
        "Told the kids I'll haunt them when I'm dead if they leave the lights on.",
        "The hymns always undo me.",
        "Lost a 400 days hardcore world in the game today, gone in a second.",
        "I'll sleep forever after these night shifts, ha.",
        "Cut my thigh on the brambles, three cuts on my leg from the hedge.",
    ])
    func roundEightEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Constructs added after round 9's first run (each with sentences of its own)

    @Test("hurried, plain-spoken and second-language writing", arguments: [
        "Lay awake thinking about ending it with the rifle.",
        "Asked God to take me while I sleep tonight.",
        "If that lorry had hit us I wouldn't have minded.",
        "Hoping I'm not breathing by morning.",
        "I'd wish I won't see another morning.",
        "I want him to be free more than I want to live.",
        "I'd give her that even if it means dying.",
        "I keep thinking about not being here anymore.",
        "Might as well do everyone a favour and take myself out of the picture.",
        "If I wasn't here she'd have her life back.",
        "I'm worth more to them dead.",
        "It is better I die and free them.",
        "They'd be better off. Gone, I mean, not moved out.",
        "Got enough of the tablets put aside now.",
        "Bought what I need and I know the spot.",
        "Thinking about driving the van into a bridge support.",
        "I will jump from the roof of our block.",
        "Walked past the knife block and thought about my arms.",
        "Sorry I'm leaving you all.",
        "if ur reading this im gone",
        "Going home to the Lord tonight.",
        "That's the last message I'll ever send her.",
        "Scratched until it bled again.",
        "Took too many, not to die, just to hurt.",
        "Starved myself as punishment.",
        "They're not deep, but I did it again.",
        "The urge came back on the way home, not for a drink, for pain.",
        "44 days clean. Zero now.",
        "day 1 again",
        "ctb date picked",
        "kys they said and I'm thinking about actually doing it",
        "idw to be alive anymore",
        "i wana sleep and nevr wake up",
    ])
    func roundNineConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("the hard half of round 9: plans told without the words", arguments: [
        "Found her a home with someone who'll still be around to take her out.",
        "I keep wishing the paramedics had been too late.",
        "If I hadn't been found that night none of this would matter.",
        "Wouldn't it be simpler if I just wasn't.",
        "Drafting my last note in my head on the way to work.",
        "The last time I tried I woke up in resus, and it's building the same way again.",
        "you know what you need to do, you've been a burden on everyone for years",
        "Nothing is stopping you except yourself.",
        "Don't let Mum talk you round this time.",
        "Make it look like an accident so nobody feels guilty.",
        "Booked a room for one night, on my own, and I've got what I need.",
        "I have resolved that this spring shall be my last.",
        "After the christening I'll go back there and finish.",
        "Told my sister not to wait up for me, not ever again.",
        "What remains is only the act itself.",
        "Nobody chasing my family for money after.",
        "If this diary reaches you, please forgive me.",
        "To the coroner: the keys are on the table.",
        "Wore a cardigan in the heat again. The box is back under my bed.",
        "Told them the cuts were from the cat. We don't have a cat.",
        "New ones under the old ones.",
        "Punched the wall until my knuckles bled.",
        "Took the shotgun down from the loft; it would be the tidiest way.",
        "Had a long look at the beam in the garage and knew what I was thinking of.",
        "Every night I think about steering off the road into a bridge support.",
        "I'll go back next week and not drive home.",
        "This time you don't turn round.",
        "I'll not be here to read the letters.",
    ])
    func roundNineHardConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("those words about something else", arguments: [
        "The fight scene where he turns the gun on the villain was brilliant.",
        "Cancelled the gym to save money; didn't renew the magazine either.",
        "Day 1 again of my couch to 5k, the app reset.",
        "Looked over the edge of the Grand Canyon and imagined falling, then had an ice cream.",
        "Worked out the pressure drop, then figured out where the leak was.",
    ])
    func roundNineEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Round 10: told from safety, and the constructs it taught

    @Test("a recovery told from safety does not flag", arguments: [
        "Eight years ago I planned to end my life. I'm so glad I'm still here to see my son graduate.",
        "Spoke at the youth club about the years I self-harmed. I haven't hurt myself in over six years.",
        "Three years free from self-harm this week, and the scars have faded to silver.",
        "My old thought was 'they'd all be better off without me'. Evidence against it: my friends, my dog, my work. I don't believe that thought any more.",
        "The boy who wanted to end it back then feels like a stranger now.",
        "Wrote a letter to my younger self, the one who tried to kill himself at nineteen.",
        "That winter I wanted to die. It's a story now, not a forecast.",
    ])
    func toldFromSafety(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("a recovery story with something back now still flags", arguments: [
        "Five years free from self-harm and last night I cut myself again.",
        "I'm glad I'm still here, mostly, but the thoughts are back and I want to die tonight.",
        "Haven't harmed myself in years. Tonight I burned my arm with a lighter.",
        "I used to think it was behind me, but I relapsed and cut again.",
        "I'm not glad I'm still here. I wanted to die then and I want to die now.",
    ])
    func backNowStillFlags(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("round 10 constructs: inference, dialect, lists and conditionals", arguments: [
        "Been thinking really hard about suicide this month.",
        "sewer slide thoughts all weekend tbh",
        "I want to stop being alive.",
        "wish i could just uninstall myself",
        "I'd sooner be dead than go into that home.",
        "Better I die than shame my father again.",
        "I have had my fill of this life.",
        "I can't see myself still being around by spring.",
        "Next time I'll get it right, I've thought it through.",
        "I've thought about how.",
        "I have chosen my time. The tablets are ready.",
        "If Mam dies, I go too.",
        "Choose your day, old man, and stop dithering.",
        "Nobody would care if you disappeared.",
        "Holding a packet of paracetamol in the kitchen for twenty minutes before I put it back.",
        "Took a lighter to my own arm after the meeting.",
        "The rope is in the garage.",
        "Dinnae greet for me too lang.",
        "Don't come looking for me. I love you all.",
        "It was never on you, Mum.",
        "Laptop wiped. Note under my pillow. Cat to Jo's.",
        "Four new cuts on my thigh and long sleeves again tomorrow.",
        "I keep holding back some of my tablets.",
        "Reset my counter to zero after 40 days clean from cutting.",
        "Thinking of ending it nearly every day now.",
        "Kept thinking about swallowing all of my tablets on the drive home.",
        "From the office window I thought I could just jump and all of this would stop.",
        "I've got everything I need stashed in the wardrobe.",
        "Thought about stepping out in front of the 38 this morning.",
        "I keep putting my pills in a jar instead of taking them.",
        "I've no plans to be around for the wedding in June.",
        "Time to make my final arrangements.",
        "I've been giving things away all month. The camera to Sam, the books to Oxfam. I know what it means.",
        "I've decided that's when.",
        "I'm ready to clock out. And I don't mean the job.",
        "Final message to Dad drafted and ready.",
        "Wrote down who gets the car and who gets the piano. Paid my brother back the fifty.",
        "Did it again once everyone had gone to bed.",
        "Nobody can see my arms under the hoodie.",
        "Tell the boys their dad loved them.",
        "It's strange how calm I feel now I know the date.",
    ])
    func roundTenConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("round 10 look-alikes: hyperbole, others' words, sport and ordinary plans", arguments: [
        "If the boss calls me into that meeting I'll die on the spot.",
        "Mile 22 of the marathon and I honestly thought I would die.",
        "Nearly killed myself carrying the sofa up three flights.",
        "My friend texted saying she wanted to end it all, so I drove over and we called the crisis line.",
        "The nurse asked whether he was having thoughts of suicide, and he said no.",
        "Bought the rope for the climbing wall on Saturday.",
        "The GP warned me I'd be dead by sixty if I kept smoking. Quitting tomorrow.",
        "I don't mean to moan, but the hotel breakfast was cold again.",
        "Gave my tools to the community shed when I moved into the flat.",
        "Wrote down who gets the good seats at the wedding so nobody sulks.",
    ])
    func roundTenEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Round 11

    @Test("round 11 constructs: older registers, dialects, lists and hidden acts", arguments: [
        "I want to choose my own death while I still can.",
        "Planning to take myself out before the exams.",
        "Some days I think I should just stop existing.",
        "I keep wondering how to make it all stop.",
        "I'd love to fall asleep and never come back.",
        "Please take me home in my sleep, Lord.",
        "I want to vanish, like I was never here.",
        "Part of me hopes a deer comes through the windscreen and that'd be the end of me.",
        "The kindest thing I could do for them is to stop being around.",
        "They'd be sad for a while, then everything would get easier for them.",
        "I picture everyone at my funeral and they look relieved.",
        "I know exactly how many of the pills would do it.",
        "I've learnt when the freight trains come through.",
        "I've been carrying weedkiller in my handbag since Monday.",
        "This is the last entry I'll write.",
        "Forgive me for what I'm about to do.",
        "Pulled the blade out of a sharpener in the science block.",
        "I picked the scab open on purpose again.",
        "Picked the blade back up after five months.",
        "Moved the tablets to the drawer next to my bed.",
        "Sat there with the engine running just to see how it felt.",
        "I'll fill my coat pockets with stones.",
        "Everything I need is already in my backpack.",
        "Had I not woken this morning, I would not have minded.",
        "Wouldn't it be easier if I never woke.",
        "I no longer have the will to carry on.",
        "I mean to go at a time of my own choosing.",
        "I am minded to lay down my burden for good.",
        "Punish yourself properly this time.",
        "Next time I'd make sure no one comes home early.",
        "I'm back to planning like before.",
        "Hid the razor in my pencil case so I have it for when I need it.",
        "Things I won't miss: the noise, the bills, being alive.",
    ])
    func roundElevenConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("round 11 look-alikes: hyperbole, songs, slips and visits", arguments: [
        "If the baby wakes once more tonight I will literally die.",
        "Nearly stepped out in front of a bus while reading a text.",
        "The whole album is about wanting to die, and it's gorgeous.",
        "Mile 20 of the marathon and I wanted to die. Finished though!",
        "Dad keeps saying he won't be around much longer, but his bloods are fine.",
        "The knife slipped cutting the onions and nicked my wrist.",
        "I wish I could go where Grandad is for one more chat and then come back.",
        "Two years since I last hurt myself, and I'm glad I'm still here.",
        "Took myself out for dinner to celebrate the new job.",
        "The tables we saved last night are in the spreadsheet.",
    ])
    func roundElevenEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Round 12

    @Test("round 12 constructs: suicide named as a plan, burdens told as sums, care kits hidden", arguments: [
        "Sunday is when I go through with the suicide.",
        "Suicide doesn't feel scary any more.",
        "Got my old suicide note out and added a page.",
        "I'm done living.",
        "I'll end it myself before the illness does.",
        "Everything would be simpler with one less of me.",
        "No one would have to put up with my moods any more.",
        "Whoever finds my body, I'm sorry.",
        "I'll make it tidy for whoever comes through the door.",
        "I won't be around to explain any of it.",
        "I should have made sure I died last time.",
        "I shall choose the night of my death.",
        "Sat with my rifle across my knees for an hour tonight.",
        "Nobody would find me for days out there.",
        "I've read up on how many it would take.",
        "Wanting to do damage to myself again.",
        "I need the pain on the outside.",
        "Dug a pin into my arm under the desk.",
        "The new ones are deeper than before.",
        "Hid the sharpener blades in my pencil case.",
        "If I was gone they could stop worrying about me.",
        "They'd be lighter without me.",
        "If I die at least they get the insurance.",
        "wanna be six feet under fr",
        "I'll be with Mam soon. Goodbye.",
        "Sorry for the mess I'm leaving behind.",
    ])
    func roundTwelveConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("round 12 look-alikes: training lists, reported words, code and quilts", arguments: [
        "Safeguarding training: warning signs include long sleeves in summer and plasters.",
        "My patient said she'd rather be dead than have that tooth again. Extracted it.",
        "The worker process kept committing suicide whenever the lock went stale.",
        "Got my SH results back, all clear.",
        "Cut myself on the rotary cutter making the quilt.",
        "Reading the poems about wanting to be dead for my A-level essay.",
        "Why does Romeo drink the poison so fast?",
        "If Gary books one more meeting at five I'll throw myself off the roof.",
    ])
    func roundTwelveEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Round 13

    @Test("round 13 constructs: prayers to be taken, windows of time, recoveries broken", arguments: [
        "I begged God to take me tonight.",
        "If I don't hear back I'll do it with my own hands.",
        "I want to go the same way my uncle did.",
        "Kept hoping a truck would swerve into me on the way home.",
        "If the Lord took me tonight I wouldn't be sorry.",
        "Sometimes I want to disappear from this world.",
        "The world would be tidier if I wasn't in it.",
        "I'm only staying alive for the kids.",
        "I've worked out the drop from the roof.",
        "Next time I won't just be standing there.",
        "Sorry it ends like this.",
        "Tell Mum I loved her.",
        "Writing my goodbyes tonight.",
        "Two years clean and I broke it tonight.",
        "There's nobody left to stay for.",
        "I'd rather not carry on like this.",
        "Once she's gone there's nothing keeping me.",
        "Everyone would breathe easier if I just left for good.",
        "I have outlived my usefulness.",
        "I pray each night not to wake.",
        "I opened one of the old scars back up.",
        "Scratch until it bleeds, every night.",
        "The safety plan is in the bin.",
        "The thoughts are back, worse than before.",
        "I won't be needing anything after tonight.",
        "The house is empty on Sunday. That's when.",
        "Nobody will come looking for me till Monday.",
        "Reasons to stay: one. Reasons to go: everything else.",
        "Stood right at the platform edge on purpose to see how it felt.",
        "Three years clean, and tonight I went back to cutting.",
    ])
    func roundThirteenConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("round 13 look-alikes: retracted hyperbole, old prescriptions, sayings", arguments: [
        "Lost 4-0 to our rivals. I want to die. Not really.",
        "I'd sooner die than cheer for that team.",
        "Saw the OD this morning about my new glasses.",
        "Got my SH badge today, Senior Housekeeper at last.",
        "Been saving pill bottles to use as seed pots.",
        "Ten years clean. I told the group about my self-harm history.",
        "A year ago I wanted to end my life. This year I have a job I love.",
        "Handed my old tablets to the pharmacist for disposal and walked out lighter.",
    ])
    func roundThirteenEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Round 14

    @Test("round 14 constructs: verse, prayers, unsent notes and timetables", arguments: [
        "I'll jump to my death from the car park on Friday.",
        "I'm going to top myself on the same day he died.",
        "I'll take my own life in my own bed.",
        "Better I end my own life than shame them again.",
        "Dead by Friday. Good.",
        "Overdosing seems easier than facing another Monday.",
        "Nobody would miss me anyway.",
        "Dying is the only way out I can see.",
        "I have no further wish to go on.",
        "I'm planning on not being around by spring.",
        "Tonight is the night I go.",
        "Keep going till I drown, that's the thought.",
        "I haven't eaten in four days, on purpose.",
        "Planning my exit quietly.",
        "Next time I'll do it right.",
        "Been setting aside my sleeping tablets for weeks.",
        "The suicide exclusion period runs out next month.",
        "Whoever comes in and finds my body, please feed the cat.",
        "I looked up how many it would take to be fatal.",
        "The suicide note is written.",
        "The pills are ready for tonight.",
        "I know what dose would do it.",
        "Sorry for what happens tonight.",
        "If this diary is found, the will is in the drawer.",
        "Trying not to cut tonight, urges at 9 out of 10.",
        "I keep wanting to scald myself with the kettle.",
        "Used a needle on my forearm in the toilets.",
        "The marks are back.",
        "Fell off the wagon with the self-harm last night.",
        "Hoping every night that it'll be my last.",
    ])
    func roundFourteenConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("round 14 look-alikes: decorations, dialect hyperbole, pipelines and apnoea", arguments: [
        "Tied a noose knot for the Halloween display on the porch.",
        "Rangers lost again. I wanted to die in that stand.",
        "Coffee is the only thing keeping me alive this week.",
        "The deadline is trying to end me.",
        "Can't stop thinking about not waking up since the sleep apnoea diagnosis. The CPAP arrives Monday.",
        "I want to die every time the printer jams.",
        "Shivering with the fever, thinking I will die in this hostel. Feeling better now.",
        "Counsellor asked about thoughts of harming myself and I said no, not for months.",
        "Grandma showed me how to do it with a knife, slicing the sausages thin.",
    ])
    func roundFourteenEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Round 15

    @Test("round 15 constructs: second-language English, lists and old idioms", arguments: [
        "I want die, everything is too much.",
        "Sana hindi na ako magising bukas.",
        "The kids would do better with the life insurance than with me.",
        "If I just stopped going to dialysis, the money could go to the boys.",
        "Got the charcoal and the tape in the boot.",
        "I'm going to rest now, for good.",
        "Made myself sick after dinner as a punishment.",
        "Staring at the razor on the sink. I haven't yet. I want to.",
        "Keep wanting to slam my own hand in the door.",
        "I want to punish my body.",
        "Two years without cutting and tonight I did it.",
        "Digging at my skin with a pin till it bled.",
        "tw sh. did it again.",
        "Suicide is on my mind all the time.",
        "Finishing this life is all I think about.",
        "Climbed onto the parapet last night.",
        "Someone who won't be around by summer doesn't need a new coat.",
        "I'm not going to see thirty.",
        "I'll go first, on my own terms.",
        "I'm not leaving this house alive.",
        "Tonight you finally get to rest.",
        "I should very much like not to wake.",
        "I have been contemplating my own departure.",
        "Lord, carry me home tonight.",
        "I know where and I know how.",
        "The same thoughts came back, louder than before.",
        "Used the belt on myself again.",
        "Things I won't miss, and pros of being gone: the noise, the debt.",
    ])
    func roundFifteenConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("round 15 look-alikes: fairy lights, quizzes, games and other people", arguments: [
        "I could have hanged myself with these fairy lights, two hours untangling them.",
        "Flashcards for psych: passive versus active suicidal ideation.",
        "Dad said 'you'd all be better off without me', so I rang his doctor.",
        "Mum overdosed last night and she's in ICU. I'm at the hospital.",
        "Killed myself with my own grenade in the game again.",
        "Going to walk into the sea. Kidding, going to fix the bugs.",
        "I'll pay off the mortgage three years after I'm dead, apparently.",
        "Took the stash of old pills to the pharmacy returns bin.",
        "I used to write 'I want to die' on every page. I can see the exact week it stopped.",
    ])
    func roundFifteenEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Round 16

    @Test("round 16 constructs: plain weeknight writing", arguments: [
        "Wouldn't mind if I got sick and didn't recover.",
        "The office would run smoother with me out of it.",
        "It would be a weight off everyone if I ended things.",
        "Written down which pills and how many.",
        "Googled the highest bridges near here.",
        "Don't blame yourself. I just couldn't do this anymore.",
        "Goodbye journal.",
        "Keep planning how I'd do it.",
        "Small cuts on my arm again, hid them under the jumper.",
        "Craving the feel of a blade tonight.",
        "Not waking up sounds like relief.",
        "That's the night I die.",
        "Found the place by the river where I'll die.",
        "Going up to the roof of the block to jump.",
        "If I died in my sleep I'd be grateful.",
        "Sorry future me, there isn't going to be one of you.",
        "Tapping out this week.",
        "Same plan, same bridge.",
        "There are enough tablets here to ensure my death.",
        "I have decided upon suicide.",
        "I do not intend to walk back.",
        "Monday: work. Tuesday: die.",
        "No me after Friday.",
        "Wanted to cut fresh ones tonight.",
    ])
    func roundSixteenConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("round 16 look-alikes: spin class, sport, set texts and wills", arguments: [
        "Spin class nearly finished me off, lying on the mat wanting to die. Back Thursday.",
        "Time to end it with Dan. It's been dead in the water for months and we both know it.",
        "Wrote a letter to Dad on what would have been his 80th. Said goodbye properly.",
        "Coach said our defending was suicidal.",
        "Memorising lethal doses for the pharmacology exam.",
        "Finally wrote our wills and the list of who gets what.",
        "Karaoke: a song about wanting to end it all, full screaming.",
        "The product's end of life notice goes out Monday.",
        "Exam question: have you ever tried to end your life? Any thoughts of harming yourself?",
        "Two years today since I tried to end my life, and I'm so glad I'm here for it.",
    ])
    func roundSixteenEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Round 17

    @Test("round 17 constructs: writing against a word matcher", arguments: [
        "Lying awake thinking I should put an end to myself.",
        "Thinking about hanging.",
        "I don't want to make it to seventeen.",
        "I'd rather die than go into a care home.",
        "Wouldn't mind if tonight's sleep was the last one.",
        "Part of me hopes something hits me.",
        "Sunday is when I die.",
        "I am ready for death.",
        "Dead after Friday.",
        "Dying soon, by choice.",
        "If you're reading this, I'm already gone.",
        "Not coming back from the river tonight.",
        "I've made my peace with leaving.",
        "Checking out of all this.",
        "Hugged everyone a bit longer than usual tonight.",
        "After tomorrow's overdose none of it will matter.",
        "I've started counting them again.",
        "Back to the old habit with the razor this week.",
        "Starving myself again, three days now.",
        "Wore plasters on both wrists and said it was the cat.",
        "Enough of the tablets to not wake, that's what I hoped.",
        "ending it tomorrow. sorry mum",
        "Suicide is the word I keep not saying. I think about it everywhere.",
        "Keep thinking about yeeting myself off the bridge.",
        "If I have to do one more day like this I'm going to kill myself.",
        "If he hits me one more time I'll kill myself.",
    ])
    func roundSeventeenConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("round 17 look-alikes: films, water parks, hospice, exams and stand-ups", arguments: [
        "Watched the film where the old man keeps trying to die and the neighbours keep interrupting.",
        "Practising for the play: I fake stab myself with the dagger in act five.",
        "'Goodbye Cruel World' has been stuck in my head all day.",
        "Hospice shift: he's ready to die and wants to see his grandchildren one last time.",
        "ctb: call the builder about the roof.",
        "Went down the sewer slide at the water park twice.",
        "Back in 2015 I wanted to die every day. I don't now.",
        "No suicidal thoughts for over a year. Discharged today.",
        "Ate so much at the party I wanted to lie down and never get up again.",
        "If Kai makes me rewrite one more section I'm going to walk into the sea.",
        "Thought this is it, I'm going to die on the Tube. Panic attack, it passed.",
        "If Callum sees that photo I'll have to emigrate and then die.",
    ])
    func roundSeventeenEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Round 18

    @Test("round 18 constructs: plans, hidden means, cover stories and thoughts back after an attempt", arguments: [
        "Honestly the kids would be better off with their insurance payout.",
        "Honestly I want to put a bullet through my head.",
        "Some days I hope the tractor tips and saves me the bother of living.",
        "I'd rather die than sit that driving test, and it isn't a joke any more.",
        "I keep thinking about taking myself off their hands for good, they'd manage.",
        "Googled how tall the viaduct is. Kept the tab open all night.",
        "I know exactly which tablets would do it.",
        "Calculated how many of the pills it would take to not wake.",
        "I keep sitting at the window on the top floor, working out how far the drop would be.",
        "Got the cord and I know the checks come every two hours.",
        "Booked a room at the seaside for Tuesday. Not for a holiday.",
        "Nobody will notice one more person by the canal at night.",
        "Some nights I want to swerve into the oncoming lorry.",
        "Stood by the level crossing for an hour, working up the nerve.",
        "If I jump off the roof then no more shouting.",
        "Told my brother I was decluttering when I gave him my bike. Also gave my camera to Sam.",
        "Showed her where the deeds are kept. She thought I was retiring.",
        "Hid a blade inside my pillow case again, under the pillow.",
        "Sat on the bathroom floor with the razor again last night.",
        "Ninety days sh free and now the streak is over.",
        "Every time I see the scissors I want to drag one across my wrist.",
        "Spent the day stitching patients' cuts and wanting to give myself some of my own.",
        "Since the overdose I've been planning it properly this time.",
        "After my suicide attempt, I'm thinking of trying again.",
        "I survived the bridge once. Now the thoughts are back.",
        "Discharged from the ward on Monday. The noose is still hidden in the loft.",
        "Been reading the ctb threads all night.",
        "Kys, they all say. Maybe I'll listen.",
        "Please don't be angry with me. To whoever finds this, I'm finishing.",
        "I've left you the house and the car. By then I'll be gone.",
        "Dear God, let me fall asleep and rest with you tonight.",
        "I asked Mary to take me home tonight.",
        "Vowed never to see another Christmas.",
        "I want to stop being.",
        "Imagine not existing anymore. I think about it every night.",
        "Nobody would notice if I just disappeared.",
        "Been thinking of ways to make that true for good.",
        "Leave the front door on the latch so nobody has to break it down.",
        "Every night on my break I lean a little further out over the balcony.",
        "Car running in the garage with the doors shut.",
        "Hoarding tablets from every repeat prescription.",
        "Bought paracetamol from three different chemists.",
        "The letters are done and the date's the ninth.",
        "Decided this Saturday is the last Saturday.",
        "Wish there was an undo button for me.",
        "I'm the problem in this house. Taking the problem away and they'd finally be okay.",
        "Banging my head against the wall until it gets quiet.",
        "Pressing the tip into my thigh in class.",
        "Wore long sleeves all week so nobody sees the new ones. Blood on the sheets again.",
        "I'd like to fade away. I've been planning how.",
        "Now I think about the how and the when.",
        "Since the overdose I've been looking for a surer way.",
    ])
    func roundEighteenConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("round 18 look-alikes: gym and exam hyperbole, planned funerals, kitchen burns, nurses, holidays and homework", arguments: [
        "Leg day: squats until I wanted to die. Protein shake and a nap.",
        "If Dad finds the dent in the car I am so dead.",
        "Pre-paid my own funeral plan at the Co-op so nobody has to guess the hymns.",
        "Burned my wrist lifting the tray out of the oven.",
        "Ten years since I stopped self harming. I volunteer on the helpline now.",
        "Read my teenage diary from 2009 and I'm glad she stayed.",
        "Looked up how high the Shard is for the quiz. Kept the kids entertained.",
        "Worked out how many units of insulin Mr Patel would need for his correction dose.",
        "Drafted the text to Sam: sorry, love you, can we talk. Haven't sent it.",
        "Made my sister promise she'd take the kids to football if anything came up.",
        "Hid my lighter in my sock so Mum doesn't find out I smoke.",
        "Hit my head on the cupboard door, massive lump.",
        "Physics homework: a ball falls from the top of a building, work out how long the fall will take.",
        "Booked a one-way flight to Lisbon, moving in June.",
        "Sunday: one long sleep, no alarm, bliss.",
        "It would be nice not to have to come back to work after the holiday.",
        "I don't see why I need to be here for the whole meeting.",
        "Wrote the invitation notes. Just need to pick the date.",
        "Checking out of the hotel tomorrow, started packing.",
        "A long weekend is a reset button for me.",
        "Told him I'm not doing this anymore and I meant it this time.",
        "Leaned further over the railing to see the dolphins.",
        "Went to the pier and stood closer than last time to watch the seals.",
        "Decided this season is my last one with the club.",
        "Training on self-harm at work: look for long sleeves in summer, plasters, withdrawal.",
        "Survived my first half marathon, thinking about trying again next year.",
        "Took the bus today, looking for a better way to commute.",
    ])
    func roundEighteenEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    // MARK: Round 19

    @Test("round 19 constructs: sideways death wishes, plans around someone's day, burden with a replacement, self-injury by its aftermath and hiding, attempts coming back", arguments: [
        "I hoped the storm on the crossing would just end things for me.",
        "Honestly I wouldn't mind if the cancer took me, I'm worn out.",
        "I wouldn't mind if my car just came off the road on the way home.",
        "Not die exactly, more like just stop, be erased.",
        "The life insurance pays the mortgage if I die and lately that feels like a comfort.",
        "Every night I beg God not to wake me.",
        "If a lorry hit me on the ring road I'd honestly be relieved.",
        "The consultant says I'll live to ninety. Worst news I could have had.",
        "I keep hoping for a diagnosis that would kill me so I wouldn't have to do it myself.",
        "I've started to envy the people who died in the papers. Jealous of the dead.",
        "My goal is to be dead before I turn thirty.",
        "My sister said I could come to her when things got too hard, and she's been gone two years.",
        "The boys would be better off with their gran bringing them up.",
        "He'd grieve for a bit and then he'd be free.",
        "I'm a millstone round my family's neck.",
        "The house would run a lot smoother with me out of the way.",
        "I've been looking at the rifle in a different way lately.",
        "Hid the tablets somewhere closer to the bed.",
        "Got more of the tablets from another pharmacy so they wouldn't ask.",
        "Keeping a couple back from every repeat prescription.",
        "I'm going up there to die, I know the spot.",
        "Timed my mornings so I'll do it on the 3rd, after her wedding, so I don't ruin it for her.",
        "I've decided, and it's almost peaceful having a day.",
        "Driving my car up to the quarry and that's it.",
        "Nobody will look for me until Monday. That's when.",
        "Dad will get to see me married, and then I can go.",
        "Act normal, finish the shift, then you can die.",
        "Suicide has become a cosy thought at night.",
        "Since the overdose in spring I'm thinking about trying again.",
        "Back in that dark place in my head, and I'm back for good this time.",
        "Final entry from me in this book.",
        "Don't want my parents reading any of it after I'm gone.",
        "Please don't let my son be the one to find me.",
        "Said my goodbyes without telling anyone what they were.",
        "Got bandages and concealer for the burns. Said they were for my younger brother.",
        "The burns on my arm are getting impossible to hide.",
        "Went deeper than I meant to, blood everywhere.",
        "Heated a coin with the lighter and held it against my wrist.",
        "Dragged the safety pin over my thigh till it bled.",
        "Two months without cutting. Last night I did.",
        "I look at my old scars and want new ones.",
    ])
    func roundNineteenConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("round 19 look-alikes: other people's words, ordinary plans, old age, accidents and recoveries", arguments: [
        "My cousin posted something about wanting to die and now she won't pick up. Rang her dad.",
        "Dad says he's tired of life since Mum died. Booked him in with the GP.",
        "A pupil told me she'd been self-harming. Followed safeguarding and called home with her.",
        "The protagonist has been writing suicide notes for three chapters. Editor wants them cut.",
        "My neighbour's been eyeing his rifle differently since the diagnosis. Took it to the club to store.",
        "Two years since the dark times. I'm out the other side.",
        "Five years sober and the suicidal thoughts went with the booze.",
        "I'm 34 now and happy, and the kids are doing great.",
        "Moving the party to the 14th, after Gran's birthday, so I don't ruin it for her.",
        "The express doesn't stop at our station, so I take the slow one every morning.",
        "Nobody will check on the shop till Monday so we closed early.",
        "Wouldn't mind if the rain held off for the barbecue.",
        "Scratched my eczema till it bled again, need the cream.",
        "Cut too deep into the board with the router, need a new one.",
        "The last page of this notebook, onto a new one tomorrow.",
    ])
    func roundNineteenEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("round 19 exclusions never hide the writer's own words", arguments: [
        "He posted something about wanting to die, and I want that too.",
        "He says he's tired of life, same as me.",
        "My friend told me he'd been self harming so I showed him the cuts I made on my arm last night.",
        "My narrator's been writing goodbye letters, and so have I: mine are in the drawer for Mum.",
        "She's been looking at her pills and I've been counting mine to take them all tonight.",
    ])
    func roundNineteenOwnWordsStillFlag(_ text: String) { #expect(detector.isConcerning(text)) }

    // MARK: Round 20

    @Test("round 20 constructs: disappointment at waking or a benign result, burden sums, checking a method, hidden means and blades, new self-injury, attempts as unfinished business, farewells to whoever finds it, plans told by a calm decision", arguments: [
        "The biopsy was benign and my honest feeling was disappointment.",
        "If the ferry goes down on the way over, I'd let it.",
        "I keep hoping the lorry will veer into me on the bypass.",
        "I envy the names in the death notices page.",
        "The family would be set if I was out of the picture.",
        "She'd be free without me, properly free.",
        "The best thing is to cancel myself.",
        "Worked out how much would be enough for someone my size.",
        "Kept Nan's sleeping tablets and told Mum I binned them.",
        "Went to a chemist across town so they wouldn't recognise me.",
        "I keep thinking about how I'd do it.",
        "Made a fresh cut on my thigh after tea.",
        "Opened the old cuts back up last night.",
        "Took the pencil sharpener apart in my room.",
        "Held my wrist over the hob flame until I couldn't bear it.",
        "The blade is in my pencil case now.",
        "The itch is back and I know exactly what it wants.",
        "Since the overdose it all feels like unfinished business.",
        "I survived the last time, and I wouldn't make the same mistakes now.",
        "Been having sui thoughts all week.",
        "A braver man would have ended it by now.",
        "Sorry to whoever has to read this.",
        "I'm not coming back from the swim.",
        "Left the letters in the biscuit tin where she'll find them.",
        "Set it for the 14th and feel calm now it's decided.",
        "Googled how much paracetamol, deleted it, then googled it again.",
    ])
    func roundTwentyConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("round 20 look-alikes: tiredness, a boss's anger, sitting with someone who had tried, recoveries told from safety", arguments: [
        "My friend tried to kill herself. Same as me at sixteen. Never again, I promised.",
        "Double shift tomorrow, I'll be dead on my feet by lunch.",
        "My manager will kill me for being late again.",
        "Spent the afternoon with a lad who'd taken an overdose last week; he's doing better and went home with his sister.",
        "Three years on from the worst of it, I'm not in that place anymore.",
        "Gave the old tablets back to the chemist. I'm safe and I know it.",
        "The nurse asked about self-harm and my answer was no, not since the spring.",
        "The suicidal thoughts lifted two summers ago and haven't come back.",
        "I don't feel the pull anymore, and the scars have faded.",
    ])
    func roundTwentyEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("round 20 exclusions and recoveries never hide the writer's own words", arguments: [
        "Sat with a lad who had taken an overdose. Same as me last month, and I would do it again.",
        "A man I work with tried to end it. Me too, last spring. I might try again soon.",
        "Dead on my feet again and I want to kill myself tonight.",
        "My boss will kill me for this, but I've decided to kill myself anyway.",
        "I sat with a girl who'd tried to end her life, and I want to end my life too.",
        "I told them I'm not in that place anymore, but tonight I want to die.",
        "I'm safe and I know it. That's the lie; I've got the rope ready for Sunday.",
        "I don't feel the pull anymore, I told them, but I'm planning to end it on Sunday.",
    ])
    func roundTwentyOwnWordsStillFlag(_ text: String) { #expect(detector.isConcerning(text)) }

    // MARK: Round 21

    @Test("round 21 constructs: past attempts with the thoughts back, self-injury told by its aftermath, hiding and cover stories, means counted, hidden or checked, plans tied to an empty house or a date, imperatives to oneself, death wishes said sideways", arguments: [
        "I keep hoping the plane goes down on the way home and that's it for me.",
        "If God calls me tonight I won't fight it.",
        "I ask the Lord every night to come and take me in my sleep.",
        "If this is as good as it gets, I don't want any more of it.",
        "Not moving away. Vanishing.",
        "I don't want to survive another one.",
        "I can't see myself still alive by next spring.",
        "It's not the exams, it's being alive.",
        "The scan was clear and I was gutted.",
        "I think about wading out till the water closes over my head.",
        "I want to go home and I don't mean the house. I mean wherever Grandad is.",
        "There's an expiry date on all of it now, and the date is mine.",
        "A coffin with me in it is all I can think about.",
        "It would be a relief for everyone if I simply stopped taking my insulin.",
        "I should have taken the way out at nineteen.",
        "After my first attempt I swore never again, and now I want to try again.",
        "The scar from the first time itches when I think about a second attempt.",
        "Years ago I overdosed, and lately that same feeling has crept back.",
        "Since they found me in time, I've wondered how I'd do it differently.",
        "After the overdose I keep wishing it had worked.",
        "The thoughts keep telling me to finish the job.",
        "Die, is what my head whispers every morning.",
        "End it, end it, end it, all night long.",
        "I'm scared of my own hands lately.",
        "If it doesn't work out I'm done. Not with the course. With life.",
        "If I were gone, Mum could retire, and I keep thinking about making that happen.",
        "Go and get the razor, you deserve it.",
        "Quit pretending you'll live to see Christmas.",
        "Burn yourself again, you deserve it.",
        "Walk to the viaduct and you won't have to face anything else again.",
        "If I get sectioned I'll never get my chance.",
        "Googled how many of my sertraline it would take.",
        "I count my tablets every night now.",
        "Stood on the bridge wondering what the fall would feel like.",
        "Looked up whether helium still works.",
        "I've found the spot by the canal.",
        "If I swallow all of the codeine I'll never have to face Monday.",
        "Pills ready, just waiting for everyone to go to bed.",
        "Tonight: tablets, all of them. A note for Dad.",
        "The belt is on the back of the door and I won't admit to myself why.",
        "Dad's rifle is in the safe, and I've been opening it just to look at it.",
        "Another packet of paracetamol went into the shoebox with the others.",
        "I've saved up enough of my sleeping pills.",
        "When the house is empty on Saturday, I'll finally do it. The rope is in the shed.",
        "I'm ending it that night if I fail.",
        "In a B&B nobody checks until checkout.",
        "They'll be too busy to notice I've slipped away from the bridge.",
        "The flat will be empty all weekend, and I've decided.",
        "Finals first, so my parents don't think it was because of grades.",
        "I've decided I'm not reaching forty.",
        "I've worked it all out. The ninth. That's my day.",
        "Once the kids are grown nobody needs me anymore and I can finally go.",
        "My life insurance has a two-year clause and it has lapsed now.",
        "Asked my brother to check on me Sunday if my blinds are still drawn. He thinks it was about my back.",
        "Wrote notes for each of the boys and put them where they'll find them first.",
        "Leaving this journal on the desk so they know.",
        "If anybody finds this, please look after my cat.",
        "Said my goodbyes this week without telling anyone.",
        "Rehomed the dog because I don't want him left alone afterwards.",
        "Everyone would be better off with none of me around.",
        "With me out of the way for good, they could breathe.",
        "Everyone would be fine if I just slipped away.",
        "Did that thing to my arm again with the pencil sharpener.",
        "Reopened the cuts on my thigh.",
        "Held the hot straighteners against my wrist.",
        "Took extra codeine tonight to punish myself.",
        "Said the dog scratched me. We don't have a dog.",
        "Told mum I tripped on the stairs. I didn't trip.",
        "The burns on my legs, I did them myself.",
        "Locked myself in the upstairs bathroom and cut.",
        "Used the blade again last night, on my hip.",
        "I hide the blades in a tampon box so Dad won't find them.",
        "Cut with a sharpener in PE, nobody noticed.",
        "Got some fresh blades at the shop and used one tonight.",
        "Wore a hoodie all through July; mum can never see my arms.",
        "Dreading the beach in case someone sees the fresh cuts.",
        "Hid the blood-stained plasters in the bin at the park.",
        "Concealer hides the scars on my wrist so no one can see.",
        "My pyjamas stuck to my thigh again; it stung when I cleaned it.",
        "Fresh scabs everywhere. I'm running out of skin on my right arm.",
        "I crave the calm after I've done it.",
        "Crossed out my calendar streak of days without cutting tonight.",
        "It was cutting I relapsed into tonight.",
        "Had to reset my sh free counter to zero.",
        "My cutting free streak is back to zero.",
        "Eighteen months without cutting and then I was back in the bathroom with a blade.",
        "Relapsed this week, me and the blade again.",
        "Free for six months and last night I did it again.",
        "No point renewing the passport for things I won't be here for.",
        "I want to vanish, not the kind where you stop replying. The real kind.",
        "Think about the rope in the garage and how quick it would be.",
        "I've been timing when the freight trains come past the bridge.",
        "The pills are sorted; now I just have to choose the night.",
        "Sat on the roof again. I don't know what I'll do next time.",
        "The shotgun's in the barn. Told Dad I was fetching the ladder.",
        "Checked how deep the quarry pool is. Deep enough.",
        "I've made up my mind about the pills and I feel lighter.",
        "I'm a burden, and my life insurance would clear the mortgage.",
        "Keeping my night pills under my tongue to save them.",
        "Fought the urge to throw myself off the platform.",
        "The nurse asked and I said no. They've been back for weeks.",
        "If a lorry hit me on the way in, it'd be a relief.",
        "Updated my will and feel ready.",
        "Relapsed tonight and ran the shower so nobody would hear.",
        "Lord, if You call me home tonight I won't argue.",
        "If a van knocked me over on the way to work it'd be a relief.",
    ])
    func roundTwentyOneConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("round 21 look-alikes: a race, a printer, initials, role-play, a song, recoveries told from safety, and the everyday sentences the new constructs must leave alone", arguments: [
        "Ran the half marathon and wanted to die at mile 9.",
        "The photocopier on the second floor is trying to kill me.",
        "My grandad's initials were K.M.S. and they're carved on the bench.",
        "In training we role-played a pupil who had been self-harming.",
        "Six years since I last self-harmed, and I wore shorts today.",
        "The suicidal thoughts are gone and have been since spring.",
        "Told my counsellor about wanting to die at uni. I'm safe now, I'm well.",
        "After the overdose in 2015, I'm on the other side of it now.",
        "If this is the best pizza in town, I don't want the rest of it.",
        "It's not the job, it's the commute.",
        "Scan came back clear and I was relieved.",
        "Wore long sleeves to the barbecue because I burn easily.",
        "Used the knife tonight to carve the chicken.",
        "Checked how high the river was by the weir: high enough to close the towpath.",
        "Another box of paracetamol in the cupboard for Dad's back.",
        "Said I fell off my bike. I did fall, and it hurt.",
        "Rehomed the cat with Gran because the new flat bans pets.",
        "The shop was too busy to notice I'd slipped out early.",
        "Picked a spot by the lake for the picnic.",
        "The flat will be empty all weekend while they're in Leeds.",
        "If you take me to the airport I won't complain.",
        "Sick of waiting for him to text back.",
        "It would be better if I stopped drinking.",
        "Should have taken the exit at junction 4.",
        "The first time I made bread it sank; I'm already planning the next one.",
        "I tried yoga years ago, and that same feeling of calm came back tonight.",
        "Last time I baked I burnt it; here's what I'd do differently.",
        "My mum keeps telling me to do it.",
        "Googled whether ibuprofen works for headaches.",
        "Checked how many tablets I need to take for the week.",
        "Another box of cereal into the cupboard with the others.",
        "Bought new razors and used one this morning.",
        "Used the razor again this morning on my legs.",
        "Plaster stuck to my arm after the blood test.",
        "Running out of room on my arm for tattoos.",
        "Slipped with the razor while shaving my legs.",
        "Free for two weeks and back at it on Monday.",
        "The house will be empty for two weeks. I've decided to paint the kitchen.",
        "The policy's waiting period is over, so we can claim for the dentist.",
        "Working out how to check out of the hotel early.",
        "Left a note on the fridge where Dad looks first.",
        "Leaving this note on the table so they know I've gone to the shop.",
        "Didn't want her left alone after the operation.",
        "The cost of the repair was high but the insurance will cover it.",
        "They'd be fine if I left early.",
        "Did that thing with my hands again where I crack my knuckles.",
        "Got my hair cut, I did it myself.",
        "Go for the coffee, not the instant kind, the real kind.",
        "I'm scared of my own thoughts at night.",
        "I can't see myself still here in five years; I'll be in Spain.",
        "It's not the job, it's me.",
        "💀 all i can think about is this exam lol",
    ])
    func roundTwentyOneEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("round 21 exclusions and recoveries never hide the writer's own words", arguments: [
        "Wanted to die at mile 11. Nothing to do with running: I am going to kill myself this weekend.",
        "I wanted to die at km 30 of the race; I've been planning to end my life since.",
        "Ran the marathon. Wanted to die at mile 20, and I still want to kill myself.",
        "The printer is trying to kill me, and I want to kill myself tonight.",
        "The heat is trying to kill me; I'm going to end my life this weekend.",
        "This job is trying to kill me and I've been thinking about jumping off the bridge.",
        "My initials are KMS and I'm going to kill myself.",
        "Initials are K.M.S. and honestly kms tonight, I mean it.",
        "Her initials were KMS, and I want to kill myself.",
        "We role-played a client who'd been stockpiling meds, and I've been stockpiling mine to overdose.",
        "I role-played a patient who wanted to die, and the truth is I want to die too.",
        "Role-played a pupil who was cutting. I cut my arm last night.",
        "I said 'I want to die' to myself and it still gives me chills.",
        "'I hurt myself today' gives me chills because I hurt myself today too.",
        "I keep thinking 'I want to end it all' and it gives me chills.",
        "The thoughts are gone for now, they said, but tonight I want to die.",
        "The suicidal thoughts have been gone since spring, but they're back now and I want to end it.",
        "The urges are gone and I'm grateful, but tonight I cut my arm.",
        "I'm safe, I'm well, I tell everyone, but I still want to die.",
        "I'm safe, I'm okay, I told the nurse. I'm going to kill myself on Friday.",
        "I'm safe and I'm fine, I say. Lately I'm thinking about ending it again.",
        "Three years since I last self-harmed, and last night I did it again.",
        "Two years since I last hurt myself, and now I want to cut again.",
        "A year since I last self-harmed; I relapsed tonight.",
        "I want to be here for every bit of it, but tonight I want to die.",
        "I told her I want to be here for everything. I'm planning to end my life on Sunday.",
        "I want to be here for all of it, yet the urges are back and I want to cut.",
        "I'm on the other side of it, I thought, but the thoughts are back and I want to die.",
        "I'm on the other side of it now. Except I'm planning to kill myself on Friday.",
        "I'm on the other side of that, or was. I cut my thigh again tonight.",
    ])
    func roundTwentyOneOwnWordsStillFlag(_ text: String) { #expect(detector.isConcerning(text)) }

    // MARK: Round 22

    @Test("round 22 constructs: means named by an object, self-injury told by its tools, aftermath, hiding and cover stories, plans tied to a date or an empty house, preparations, burden, past attempts with the thoughts back, goodbyes, euphemisms and death wishes said sideways", arguments: [
        "I keep hoping they don't bring me back round after the operation.",
        "If a bus hits me and I die, it's all over and not my fault.",
        "Sana hindi na ako magising.",
        "Hoping the plane would drop out of the sky tonight.",
        "Every night I pray for tomorrow not to come for me.",
        "Stepped off the kerb and didn't look. Deliberately.",
        "My life is so heavy I want to lay it down and never pick it up again.",
        "Since the overdose I'm not sure I want to survive another one.",
        "I'm ready to go and be with Dad. He's waited long enough and so have I.",
        "Time to check out, not from the job, of everything.",
        "Maybe I should put myself down like an old horse.",
        "Going to make my exit for good, no fuss.",
        "This is the final chapter, and I'm the one who decides when.",
        "Thinking about trying again and this time I'll make sure.",
        "Since my overdose I've been thinking about it constantly.",
        "After the attempt I promised my sister, but promises expire.",
        "The scars from when I tried are fading and I wish I had gone through with it.",
        "Three years since the ward, and the darkness is back, just like the week before.",
        "I'm right back where I was the night before they found me.",
        "This time I know to lock the door.",
        "Every spring I get close again, and this year I'm closer than ever.",
        "Since the ambulance I've started thinking about bridges again.",
        "Every time I cross the viaduct I wonder whether the drop would be enough.",
        "The weedkiller is in the shed and I wondered if it would be quick.",
        "I've been saving up my pills in a jar behind the bread bin.",
        "The codeine in the drawer is plenty for what I plan to do.",
        "Counted my sleeping pills again; I think there's enough now.",
        "I'm keeping my antidepressants in a sock instead of taking them.",
        "Bought a length of hose even though I don't own a garden or a car.",
        "Bought new blades, not for work.",
        "The garage shuts tight and the exhaust pipe is right there.",
        "The rope in the shed is all I can think about.",
        "Got the rifle out and sat with it across my knees for hours.",
        "Stood by the railing looking down, thinking if I step off then it all stops.",
        "If I jump, all the problems end.",
        "Dad hid the tablets after what happened but he missed the ones in my coat.",
        "Carry a lighter though I never smoke; when Mum found it I said it was for candles.",
        "The scalpel came home with me tonight and I know why.",
        "I'll get off at the bridge and never get back on again.",
        "I won't be here by spring, and I've been working out how to make sure.",
        "Monday. Told my boss I won't be in, he thinks it's the dentist.",
        "The neighbours will be away so nobody will hear anything. That's the night.",
        "Saturday. After the kids leave for Dad's, the flat will be empty.",
        "I'll wait until after Diwali so I don't spoil it, and then I'm done waiting.",
        "If I knew it wouldn't hurt, I'd have done it years ago.",
        "If she goes, I see no point in staying. Not here, not anywhere.",
        "If it's cancer I'll go my own way first, before the hospice stage.",
        "I've decided I won't put the kids through the end of it.",
        "Go to the bridge. Don't text anyone.",
        "Cleared out the flat so nobody will have the mess to sort out afterwards.",
        "Wrote a note for each of the boys and left them with my will.",
        "Asked if the policy pays out whatever the cause.",
        "Rang Dad and thanked him for everything while I still can.",
        "Gave my bike to my cousin and told him I'm not into it, I just won't need it.",
        "The life insurance would clear the mortgage and my wife would be better off.",
        "They'd finally be free of having to look after me.",
        "It's the most useful thing I could do for everyone.",
        "If I wasn't here they could finally afford a holiday.",
        "I'm the problem standing in their way.",
        "The kindest thing is removing myself out of the picture.",
        "Nag-cut na naman ako.",
        "I want to hold my palm against the hob until it blisters.",
        "Dragged a pin across my wrist until it left marks.",
        "The old tin is still under my bed; I didn't throw it out like I promised.",
        "Switched to my hips so nothing shows at PE.",
        "Wrapped the wipes in foil and put them in the neighbour's bin so Dad wouldn't see.",
        "Said I caught my arm on the lighter again. Nobody is that clumsy.",
        "Made excuses all through PE so nobody would see the cuts on my thigh.",
        "Probably should have gone to hospital but they'd ask how it happened.",
        "Put steri strips on the worst ones.",
        "The scars have gone silver, and there's a new one under them from last night.",
        "Bled through the dressing so I kept my hoodie on all day.",
        "Felt better for a while after I did it, then ashamed.",
        "The marks on my leg are blistered; I did it with the lighter on purpose.",
        "Told her it was the brambles. There are no brambles near us.",
        "If anyone asks about my wrists, the dog did it; we don't have a dog.",
        "Back on the bathroom floor with the door locked, doing the thing I swore I'd stopped.",
        "The urge was so strong I sat on my hands.",
        "Snapped the elastic band like my therapist said, but it's not helping.",
        "A year without marking my skin, and tonight I undid it.",
        "I'll drive to the bridge and end it.",
        "Relapse: day zero again, bloody tissues in the bin.",
        "Pills saved up. Friday.",
        "i wanna diieeee",
        "Walked past all the old places one last time today.",
        "If anyone ever finds this: look after the dog, and none of this is your fault.",
        "To whoever is finding this, I'm sorry, I love you.",
        "Already decided, just waiting for Friday. The bridge is quiet at night.",
        "Booked a one way ticket to the coast, no return. The cliffs are empty this time of year.",
        "Gave my camera and all my lenses to my brother, and wrote the letters to Mum.",
        "It would be a mercy for her if I simply wasn't here to burden her.",
        "Dem better off if mi gone.",
    ])
    func roundTwentyTwoConstructs(_ text: String) { #expect(detector.isConcerning(text)) }

    @Test("round 22 look-alikes: a restaurant, a price drop, a hotel, a thesis, a baby, a toddler and the knives, a tattoo, a time capsule, a nosebleed, recoveries told from safety, and the everyday sentences the new constructs must leave alone", arguments: [
        "I hope they never bring me back to that awful restaurant.",
        "Hoping the price would drop before Black Friday.",
        "Hoping the plane would drop us off near the hotel.",
        "Asked for the morning off so I can take the car in.",
        "Crossed the road without looking at my phone, on purpose, new habit.",
        "Put it down and never pick it up again, my coach says about the phone at dinner.",
        "Going to go and be with Mum at the hospice this weekend; she's waited long enough for a visit.",
        "Ready to check out of the hotel, all packed.",
        "Stop putting yourself down like that, my friend said.",
        "Told the vet to put me down like an old horse after the hike.",
        "I want to make my exit before the speeches start.",
        "The final chapter of my thesis is the one I'm writing now.",
        "Thinking about trying again for a baby this year, and this time we'll make sure to rest.",
        "I should have gone through with the house purchase.",
        "Two years since the hospital and the same feeling is back, my knee is aching again.",
        "I wonder if the drop in temperature would be enough to kill the tomatoes.",
        "The bleach: I wanted to know if it would be quick to clean the grout.",
        "Collecting my tablets in the bag from the pharmacy.",
        "Bought some rope for the tent and a new lighter for the barbecue.",
        "The garage door seals tight so the car stays dry.",
        "Looking down from the balcony I thought if I go over budget again I'm in trouble.",
        "Locked up the knives after last time the toddler got into the drawer.",
        "Keep a lighter in my bag although I don't smoke, for the birthday candles.",
        "The box cutter is in my locker and I know why: we open deliveries every morning.",
        "Got off at the stop by the river and never got on the bus again after that rude driver.",
        "I'll not be here by Christmas, we're moving to Leeds.",
        "Working out how to make sure the parcel arrives.",
        "It's decided, just waiting for the exam results now.",
        "Booked a single to Leeds, no return, Dad's driving me back.",
        "Sunday. Family lunch. The house will be empty till 1 after that.",
        "Wait until after Christmas so I don't ruin it, then I'll tell them I'm quitting the job.",
        "If I knew it wouldn't hurt I'd have had the tattoo already.",
        "I don't see the point of staying in this job, not anywhere in this company.",
        "I've decided not to put the family through another move.",
        "Nobody will have a mess to sort out after the party, I tidied everything.",
        "Wrote a letter to each of the kids for their birthday.",
        "Wrote notes to each of the nieces for the time capsule, sealed for ten years.",
        "The insurance would pay the bills while I was off work, and the kids would be fine.",
        "The most useful thing I could do for anyone today was make tea.",
        "If I wasn't around this weekend they could have the house to themselves.",
        "I'm the one in the way in this tiny kitchen.",
        "Pressed my hand on the stove to check it was warm.",
        "Ran the compass over the map until it left lines.",
        "My first aid kit has plasters and antiseptic wipes; didn't throw it out.",
        "Moved the tattoo to my thigh so nothing shows at work.",
        "Put the tissues in the outside bin so the dog wouldn't find them.",
        "Should have gone to A&E with my ankle but the queue was four hours.",
        "Felt calm after I did it, the presentation went well.",
        "Did it with the iron on purpose to get the creases out.",
        "The cuts in neat rows on the chopping board.",
        "If anyone asks about my cat, she's fine now.",
        "Holding ice cubes on my sprained wrist, it's not working.",
        "Doing the thing I promised I'd stopped: biting my nails.",
        "Ready to check out of the library with my books.",
        "Nobody will hear anything, the fireworks are loud; that's the night we'll go out.",
        "Go up to the roof and don't ring anyone, the view is a surprise for you.",
        "Locked the tablets away after last time the dog got into them.",
        "After the attempt at the world record, I keep thinking of it all the time.",
        "Thanked her for everything and wanted her to hear it from me before the announcement.",
        "Walked past all the old places one last time before the move.",
        "My roommate leaves bloody tissues in the bin after her nosebleeds.",
        "Nobody's that clumsy, I said, when Tom dropped the cake.",
        "Died laughing at the quiz when Sam said Paris was in Spain. I'm dead.",
        "Goodbye, old diary. New diary starts tomorrow.",
        "Essay tonight on whether she's contemplating suicide in the poem.",
        "A caller who'd been thinking about suicide for months rang back to say thank you.",
        "The patient handed over the tablets she'd been stockpiling.",
        "He said it was the dog. It wasn't, and we sat down and talked about it.",
        "I tried to end my life ten years ago. I haven't had a dark thought like that in years.",
        "I overdosed at nineteen. Those thoughts are long gone now.",
        "I used to self-harm. Not one self-harm urge in over two years.",
    ])
    func roundTwentyTwoEverydayUse(_ text: String) { #expect(!detector.isConcerning(text)) }

    @Test("round 22 exclusions and recoveries never hide the writer's own words", arguments: [
        "Died laughing at the film. I am dead. Honestly though, I want to die for real tonight.",
        "We died laughing at lunch, but I'm dead serious: I'm going to kill myself this weekend.",
        "Died laughing at his joke. I'm dead. Then I came home and planned how to end my life.",
        "Goodbye, little diary. No new diary for me: I'm going to end my life tonight.",
        "Final page. Goodbye, old notebook. The next notebook won't be needed, because I want to die.",
        "Goodbye, little book, a new notebook starts tomorrow, but I've been planning to kill myself.",
        "Essay on whether he's contemplating suicide. I'm contemplating suicide myself.",
        "I wonder if she's thinking about suicide like I am; I want to kill myself.",
        "Whether he was contemplating suicide or not, I know I am planning my suicide.",
        "A caller who'd been thinking about suicide reminded me that I've been thinking about suicide every day too.",
        "The student who'd been planning suicide is safe now, but I'm planning to end my life on Friday.",
        "Like the woman who'd been considering suicide on the phone tonight, I want to die.",
        "Took the tablets he'd been stockpiling, and I'm going to overdose on them tonight.",
        "The pills she'd been hoarding are in my drawer now; I've been stockpiling them to kill myself.",
        "The client handed over the meds he'd been stockpiling, and I've been stockpiling mine to overdose.",
        "She said it was the cat. It wasn't. It was me, I cut my arm to punish myself.",
        "He said it was the dog. It wasn't. I burned my wrist on purpose.",
        "They said it was the cat. It was not. I've been cutting my thighs again.",
        "I haven't had a thought like that in years, but tonight I want to die.",
        "Not had a dark thought like that for ten years, and now the thoughts are back and I want to end it.",
        "I've not had that feeling in years; last night I cut my arm again.",
        "Those thoughts are long gone, I told the nurse. I'm going to kill myself on Friday.",
        "The urges are long gone, but I want to cut again tonight.",
        "The thoughts are long gone, or so I said; I'm planning to end my life.",
        "Not one self-harm urge in over a year, until tonight: I cut my arm.",
        "Not one suicidal thought in months, but now I want to die again.",
        "No self-harm urges for a year, and now the urges are back and I want to cut.",
    ])
    func roundTwentyTwoOwnWordsStillFlag(_ text: String) { #expect(detector.isConcerning(text)) }

    // MARK: Explanations for reviewers

    @Test("explain names the family and the words that matched")
    func explainNamesFamilyAndSpan() throws {
        let matches = detector.explain("Walked the dog. Honestly I want to kill myself tonight.")
        let counting = matches.filter { $0.cancelledBy == nil }
        #expect(!counting.isEmpty)
        #expect(counting.contains { $0.span == "kill myself" && !$0.family.isEmpty && !$0.phrase.isEmpty })
    }

    @Test("explain shows what cancelled a match")
    func explainShowsCancellation() {
        let matches = detector.explain("Cut myself shaving before the interview.")
        #expect(!matches.isEmpty)
        #expect(matches.allSatisfy { $0.cancelledBy?.contains("accidents") == true })
        #expect(!detector.isConcerning("Cut myself shaving before the interview."))
    }

    @Test("explain of ordinary text is empty")
    func explainOrdinary() {
        #expect(detector.explain("Had coffee with Priya and talked about the garden.").isEmpty)
    }

    @Test("every phrase of the table compiles")
    func tableCompiles() {
        #expect(SafetyDetector.tableProblems == [])
    }
}
