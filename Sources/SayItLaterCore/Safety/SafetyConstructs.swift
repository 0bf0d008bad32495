// The safety phrase table, part two: families built from slot classes, organised the way a
// clinician asks (the Columbia suicide severity scale's categories, then self-injury and
// burdensomeness). Each phrase is a construct: a slot of one class next to a slot of another
// (the writer + a wish + a state of being dead; an injury verb + a body part + a marker of
// intent), so it covers sentences nobody has written yet, not one example sentence.
//
// The pattern language is described at the top of SafetyPhrases.swift. The slot classes are
// building blocks in `constructBlocks` below (and in `buildingBlocks`). Every family has tests
// in SafetyDetectorTests.swift, each with sentences of its own and everyday sentences that must
// not flag.

extension SafetyPhrases {

    // MARK: - Slot classes

    static let constructBlocks: [(String, String)] = [
        // The writer as the subject of a future, conditional or intended act.
        ("IWILL", "(i|ill|i will|i shall|im going to|i am going to|im gonna|i ll|id|i would|i d|i might|i could|im|i am)"),
        // Figurative complements of dying: "die of embarrassment", "die laughing", "die for a coffee".
        ("DIEFIG", "(of|from|laughing|for|a little|inside|happy|if|than|on (that|this|the) hill|trying|doing|in (a|the|my) (game|crash|accident|fire|match)|in (minecraft|fortnite|game|games)|at the (gym|concert)|tired|on my feet|jealous|excited|lucky|serious|set|against|right|keen|proud|pleased|chuffed|hungry|bored|scared|nervous|certain|sure|cold|hot|late|early|sorry|funny|good|easy|quiet|wrong|beat|cute|last|first|second|without|meat|weight|end|ringer|heat|centre|center|ahead|straight|on time|broke|skint|busy|boring|still|stop|calm|to the world|within|by the time|in (your|his|her|their) arms|and buried before|before (you|they|we|the|this|that|anyone gets|it gets)|when (i|im) old|at (#num|ninety|a hundred|100)|old|peacefully in my sleep at)"),
        // Poisons and household means.
        ("POISON", "(poison|rat poison|weedkiller|weed killer|pesticide|sniper|bleach|antifreeze|paraquat|gramoxone|insecticide)"),
        // Helpers between the writer and dying: modals, wishes, judgements ("I'd be as well dead").
        ("AUX", "(would|will|shall|should|could|can|might|must|may|d|ll|am|m|going to|gonna|want to|wanna|need to|have to|ought to|deserve to|wish to|hope to|intend to|plan to|mean to|like to|love to|prefer to|rather|sooner|as well|just as well|be|be better|better|better off|be happier|ready to|content to|happy to|glad to|have been|been|be better off|be as well|be just as well|just|be content to|be ready to|honestly|really)"),
        // Numbers written as words, for spans of time.
        ("NUMW", "(#num|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|several|a couple of)"),
        // Euphemisms for dying that need a word of finality next to them ("clock off. permanently").
        ("EUPH", "(checking out|check out|checked out|clock off|clocking off|clock out|clocking out|log off|logging off|logged off|sign off|signing off|tap out|tapping out|bow out|bowing out|exit|exiting|leave|leaving|go to sleep|going to sleep|call it a day|calling it a day|call it quits|throw in the towel|give up|giving up|switch off|switching off|go away|going away|disappear|disappearing|check out of life)"),
        ("FOREVER", "(permanently|for good|forever|for ever|early|of life|of this life|from life|from everything|from it all|for the last time|irl|for real this time|not the (flat|job|hotel|house|country)|and not come back|and never come back|in real life)"),
        // The writer being gone, dead or absent, as the condition of a hypothetical
        // ("if I wasn't here", "once I'm out of the picture", "if the Lord took me").
        ("NOTNOW", "(by|at|on|for|until|till|tomorrow|tonight|today|next|this|when|yet|to|in time|then|that|a|the|away|out|home|shopping|abroad|with|from|over|early|late|in|him|her|them|people|anyone|my|his|their|your|much|long|all|during|while|after|before)"),
        ("IABSENT", "(were i <A> (no longer here|gone|dead|not here|not around|to die|to go|to pass|no longer alive) | i <A> (was|were|am|m|wis) <A> (dead|not there (forever|for good|anymore|any more)|never born|no longer here|no longer around|no longer alive|out of the picture|out of the way|not alive|gone (for good|forever|permanently)|gone $|not here ($|<ANYMORE>)|not around ($|<ANYMORE>)) | im <A> (dead|out of the picture|out of the way|no longer here|no longer around|gone (for good|forever|permanently)|gone $|not here ($|<ANYMORE>)|not around ($|<ANYMORE>)) | i <A> (wasnt|werent|was not|were not) <A> (alive|born|here ($|<ANYMORE>|at all)|around ($|<ANYMORE>|at all)|in (it|the picture|their lives|her life|his life|your life|the way|the world)) | i <A> (died|disappeared forever|vanished forever|killed myself|didnt exist|never existed|stopped existing|didnt wake up|never woke up|ended it|ended my life|was to die|were to die|left for good|went away for good|ceased to exist|took my life|took my own life) | (the lord|god|jesus|death) <A> (took|takes|came for|comes for|would take) me | (ive|i have) <A> (gone|died|passed) $ | (im|i am|i m) <A> (in the ground|six feet under|in my grave|in a box) | i <A> (had|d) <A> (died|been killed|not come home|not survived|never been born))"),
        // What others would gain from the writer's absence.
        ("GAIN", "(better|happier|easier|kinder|lighter|simpler|relieved|glad|free|freer|calmer|smoother|cheaper|quieter|safer|richer|a favour|a favor|a kindness|a relief|a blessing|a mercy|a gift|have a life|have their life back|have her life back|have his life back|get their lives back|get her life back|get his life back|be free|better off|save money)"),
        // Implements of self-injury and means of suicide kept or looked at.
        ("IMPLEMENT", "(blade|blades|razor|razors|razor blade|razor blades|knife|knives|scissors|compass|compass point|sharpener|pencil sharpener|lighter|safety pin|shard|sharps|scalpel|box cutter|stanley knife)"),
        ("LETHAL", "(<MEANS>|<IMPLEMENT>|gun cabinet|gun safe|gun|guns|rifle|shotgun|pistol|cartridges|bullets|hose|hosepipe|length of hose|exhaust|beam|beams|banister|bannister|rafters|loft hatch|hook|belt|cord|cable|bridge|the drop|drop|tracks|train tracks|railway|level crossing|cliff|cliffs|ledge|roof|balcony|car park|multi storey|river|reservoir|quarry|morphine patches|patches|insulin|bleach|antifreeze|weedkiller)"),
        // Body parts including hands and head, for acts with a marker of intent.
        ("BODYX", "(<BODY>|hand|hands|palm|palms|knuckles|fist|fists|head|face|fingers|finger|wrist|neck|scalp|lip|lips|cheek|cheeks|nails|feet|foot|toes|back)"),
        // Injury verbs (wider than HARMV: scald, dig, slam, pinch, pull, pick).
        ("INJV", "(<HARMV>|scald|scalded|scalding|scalds|dig|digs|dug|digging|dig my nails|slammed|slam|slamming|bashed|bash|bashing|banged|bang|banging|smashed|smash|smashing|pinched|pinching|pinch|pick|picked|picking|ripped|ripping|jabbed|jabbing|bruised|bruising|hit|whacked|whacking|scraped|scraping|scrape)"),
        // Markers that an injury was meant: purpose, until it bled, to feel something, deserved.
        ("MEANT", "(on purpose|deliberately|intentionally|purposely|purposefully|(till|until|til) ~3 (bled|bleed|bleeding|blood|bruised|bruise|broke|split|blistered|blister|raw|numb|went (quiet|numb|still|away)|felt (something|better|nothing|real|calm|okay|ok)|i (felt|could feel|couldnt (feel|stand|take))|it (stopped|went))|to feel (something|anything|better|real|pain|calm|in control|alive)|to punish (myself|me)|as punishment|(deserved|deserve) it|where (nobody|no one|noone|people|anyone|mum|mam|dad) (looks|look|can see|sees|will see|would see|wont see|cant see|notices|will notice|would notice|wont notice|checks)|so (nobody|no one|noone) (can|will|would|could)? (see|notice)|again and again|over and over)"),
        // Gerunds of self-injury, for "back to scratching" and relapse.
        ("NSSING", "(cutting|scratching|burning|hitting myself|picking|biting myself|bruising myself|carving|self harming|harming myself|hurting myself|punching myself|scalding myself|<SH>|<SELFHARM>)"),
        // Marks self-injury leaves.
        ("SHMARKS", "(scar|scars|cut|cuts|mark|marks|lines|burns|burn marks|wounds|wound|scabs|plasters|bandages)"),
        // Saying goodbye.
        ("BYE", "(goodbye|goodbyes|bye|byee|so long|farewell|ta ra|tara|cheerio|adios|this is goodbye|my goodbye|see you on the other side|see you all on the other side|see ya on the other side)"),
        // Last words written.
        ("LASTWRITE", "((last|final) (entry|page|post|words|note|message|letter|lines) !(of (the|this) (day|week|month|year|term|book|notebook|diary|journal|holiday)|for (now|today|tonight|the (day|week|month|year|term|holiday|summer))|before (bed|the|my (holiday|trip|exam|exams|operation|surgery))|in (this|the) (notebook|book|diary|journal)) | (last|final) (thing|time) (ill|i will|i ll|im going to) [ever] write | (wont|will not|never) be writing (in here|here|in this|again|anything (else|again)|anymore) !(until|till|til|for (a|the|two|three|a few|some)|while|during|on holiday|because|this week|tomorrow) | (this is|here is) where (the|this|my) (diary|journal|book|story) ends | (last|final) (list|lines|thing) | (write|writing) ~3 (the)? last time | (wont|will not) be writing ~~4 (or after that|ever again|again after|any more|anymore))"),
        // Strong signs a text is a farewell (each is itself unusual in a journal).
        ("FAREWELLSIGN", "(^ <BYE> !(to|for now|till|until|see you|for the|for a|then|mum said|and thanks for) | (this is|here is|consider this|this is my|this will be my) (my)? (goodbye|farewell|last goodbye) !(to|for now|for the|till|until) | <LASTWRITE> | (to whoever|whoever|for whoever) ~2 (reads|read|finds|find) this | by the time (you|anyone|someone|they|somebody|anybody|mum|mam|dad|mom|she|he|you all) ~2 (read|reads|find|finds|see|sees) this | (if|when) this (is|gets) (found|read) | if (youre|you are|anyone is|someone is) reading this | if (you|anyone|someone|somebody) (see|sees|find|finds|read|reads) this (book|diary|journal|note|letter|page|notebook) | so (somebody|someone|people|everyone|they|you) (knows|know|can find|will know|will find) where (stuff|things|everything|it all|my things) (is|are) | dear (future nobody|nobody|whoever|whoever finds this|whoever reads this) | (wont|will not) be (around|here) ~3 (to see|anymore|any more|much longer|for much longer) | (tapping|checking|bowing|clocking|signing) out (for good|permanently|forever|for ever) | (wasnt|was not|im not|not|wont be) (frightened|scared|afraid) (at|of) the end | see you (on the other side|in another life|in the next life) | (whoever|who ever|whoevers|the person who|the one who) [<A>] (finds|find|will find|found) me | ^ (please)? (look after|take care of) (each other|yourselves|mum|mam|dad|mom|the kids|the boys|the girls|the dog|the cat|my|biscuit|him for me|her for me) | ^ (please)? dont (cry|grieve|be sad|miss me|blame yourself|blame yourselves|keep a seat|mourn))"),
        // Weaker signs, farewell only next to a strong one.
        ("FAREWELLSOFT", "(sorry | love you | love u | i love | i loved | forgive me | forgave | proud of (you|them|him|her) | thank you for (everything|it all|eleven|all|the) | (tell|remind) ~4 (i|im|that i) | at peace | for good | (cant|can not|cannot|couldnt) stay | (not|isnt|wasnt|never) (your|anyones|anybodys) fault | (nobodys|no ones|noones) fault | none of this (was|is) (you|your fault|on you) | (he|she|they|you) can (have|keep|take) my | (notes|letters) (are|is|s|were) [<A>] (in|on|under) (the|my) | look after | take care of | passwords | (letters|notes) (are|is) (done|written|finished|ready) | (is|are) (hers|his|yours|theirs) now | (god|the lord) (keep|bless|protect|be with) (you|you all|them) | (wont|will not) be writing)"),
        // Acts of preparing to die: a will, belongings, pets and children, accounts, notes.
        ("PREPACT", "((updated|updating|update|made|making|wrote|writing|written|sorted|sorting|finished|signed|redid|changed) (out)? (my|a|the) (will|affairs|funeral wishes|funeral plans) | (putting|put|got|getting|set|setting) my (affairs|house|things) in order | (cancelled|canceled|cancelling|canceling|stopped|ended|closed) (the|my|all my) (gym|gym membership|membership|memberships|subscriptions|subscription|phone contract|contract|direct debits|standing orders|netflix|appointments) | (gave|given|giving|give) (away)? (the|my|all my|most of my) ~3 to (my)? | (passwords|password|pin|pins|bank details|account details|logins|log ins) (are|is|s)? (in|into|for|written|on|to) | (tidying|tidied|tying|tied) up (loose ends|my loose ends) | (sold|selling) (the|my) ~2 for (way)? (under|less than|nothing|next to nothing) | (deleted|deleting|closed|closing|deactivated|deactivating|wiped) (all)? (my|the) (socials|accounts|account|social media|facebook|instagram|twitter|tiktok|profiles|profile|search history|browser history|history|messages) | (cleared|clearing|emptied|emptying) (out)? my (calendar|diary|schedule|desk|locker|room|drawers) | (paid off|paying off|settled|cleared) (all)? (my|the) (debts|debt|credit card|bills|loans|overdraft|tab) | (found|finding|arranged|arranging) ~2 (a)? new home (with|for (the|my|our) (dog|cat|dogs|cats|rabbit|pets|horse|hamster|budgie|fish)) | (rehomed|rehoming|re homed|re homing) | (arranged|arranging|asked|sorted|organised|organized) ~4 to (look after|take|have|mind|care for|feed) (the|my) (dog|dogs|cat|cats|kids|children|pets|rabbit|hamster|boys|girls|bairns|horse|fish) | (wrote|written|writing|left|leaving) (the)? (letters|notes|a letter|a note) (to|for) | (everything|everythings|nearly everything|almost everything|its all|it is all) (is|s)? (sorted|in order|arranged|taken care of|tied up|squared away) [now] $ | (i|ill) (wont|will not) (need|be needing) (it|them|any of it|any of them|this|these) $ | said (my)? goodbyes | (returned|returning) (my)? (library books|books|the books|everything i borrowed) | (cancelled|canceled|stopped) the (milk|papers|newspaper|paper) | (made|making) provision for | (settled|settling) my (accounts|account|affairs|bills) | (gave|given|giving) (my|her|him|them) ~2 my | (transferred|transferring) (all)? my (savings|money))"),
    ]

    // MARK: - Families

    static let constructs: [SafetyPhraseGroup] = [

        // MARK: Wish to be dead (Columbia 1)

        SafetyPhraseGroup(
            name: "wish to be dead: taken by God, illness or accident",
            note: "Praying or hoping to be taken, to die in one's sleep, not to see another season; wishing a vehicle would crash or a bus hit one; older and devout registers.",
            phrases: [
                "(pray|praying|prayed|prays|hope|hoping|asked|asking|ask|wish|wishing|ready|please|begging|beg|beseech|let) ~6 (god|lord|jesus|the lord|heaven|death|the good lord) ~2 (take|takes|took|call|calls|to take|would take|will take|would call|will call) me (home|in my sleep|tonight|soon|now|away|$|instead|first|too|quickly|during the night|to be with|before)",
                "^ (lord|god|jesus|dear god|dear lord) [please] [just] (take|call) me",
                "(lord|god|jesus|father) ~~8 (ready|prepared|happy|willing|content) to (go|meet my maker|be taken|die|leave this (world|life|earth)|pass|go home|come home) ~4 (whenever|when|as soon as) (you|he|its|my time|you are|youre)",
                "(ready|prepared) to (meet my maker|go home to (the lord|god|jesus|heaven)|leave this (world|life|earth)|depart this (life|world))",
                "no (wish|desire|will|want|intention|interest) to (see|live to see|face|go on|carry on|live|be here|wake up|survive|endure|reach|live through) ~3 (another|more|any more|anymore|the next|next) [<A>] (winter|spring|summer|autumn|year|christmas|birthday|day|days|morning|mornings|dawn|week|month|decade|new year|easter)",
                "(hope|hoping|pray|praying|wish) ~4 (dont|wont|never|not|dont ever) (see|make it to|last (till|until|to)|live to see) ~2 (another|next|the next) (winter|spring|summer|autumn|year|christmas|birthday|easter|new year)",
                "(wouldnt|would not|dont|do not|not|wont|will not) [<A>] mind ~3 if i [<A>] (didnt|did not|dont|never|do not|wasnt|wouldnt|werent) [<A>] (make it (to|through|till|until) (christmas|next|the morning|morning|the end of|my birthday|my next birthday|new year|spring|summer|winter|autumn|easter|tomorrow|the night|the year|another) | make it $ | wake up | survive $ | survive (the|this) (night|winter|year|week) | see (the morning|tomorrow|another (day|year|christmas|birthday|winter|spring|summer)))",
                "(wish|wishing|wished|hope|hoped|hopes|hoping|pray|praying|prayed) [<A>] (that)? (the|my|this|a|our) (plane|flight|train|bus|car|ferry|boat|lorry|truck|ceiling|roof|building|lift) (would|will|could|might)? [<A>] (go down|goes down|went down|crash|crashes|crashed|sink|sinks|come down|collapse|collapses|hit me|explode|fall on me)",
                "if (a|the|some) [<A>] (bus|car|lorry|truck|train|van|cyclist|taxi|drunk driver|meteor|plane|tree|brick) ~3 (hit|hits|killed|kills|took|takes|ran me over|runs me over|ran over me|knocked me|knocks me|got me|gets me) ~~10 (wouldnt|would not|not|dont|wont|couldnt) [<A>] (mind|care|be upset|be sad|fight it|be bothered)",
                "(wouldnt|would not|dont|do not|wont) [<A>] (mind|care) (if|when) (a|the|some) [<A>] (bus|car|lorry|truck|train|van|plane|tree|brick|illness|disease|cancer|heart attack|stroke) ~3 (hit|hits|killed|kills|took|takes|got|gets)",
                "(would it be|would that be|wouldnt it be|is it|is it so|would it really be|would it even be|would it honestly be) [so|that|really|even] (bad|terrible|wrong|awful|selfish|much of a loss|a loss|a tragedy) (if|to) (i|just)? [<A>] (didnt wake up|never woke up|died|wasnt here|was gone|didnt exist|went to sleep and|not wake up|die|stopped existing|wasnt alive|never woke)",
                "(button|switch|pill|lever|magic wand|wand|machine|injection|drug) ~~12 (never existed|never been born|not exist|stop existing|stopped existing|disappear|disappeared|erase me|erase myself|erased|unexist|un exist|undo me|wipe me|wiped me|not be here|not be alive|die|died|end it|not wake up|sleep forever|be dead) ~~8 (press|push|take|pull|flip|use|pressed|pushed|swallow) (it|that)",
                "(wish|wishing|wished|want|wanting|wanted|could|just|to|longing to|long to) [<A>] stop being $",
                "(stop|stopping|stopped|end|ending|ended|over|gone|disappear|disappearing|go away|to stop|to end|switched off|switch off) ~~8 (me included|including me|me with it|me along with it)",
                "(waiting|wait|waited) (to die|for death|to not wake up|for my turn to die|for my life to end|for it all to end|for the end $|to be taken|for god to take me|for the lord to take me)",
                "(not|not really|no longer|im not|i m not) living ~~8 (waiting|existing|surviving) ~~8 (over|end|die|death|sooner the better)",
                "(wish|wishing|wished) (i|id) [<A>] (wasnt|werent|was not|were not|hadnt been|didnt have to be) (here|around) ($|<ANYMORE>|at all|on this earth|in this world|on this planet)",
                "(hoping|hope|hopes|hoped|wishing|wish|praying|pray) ~8 (shows|showed|shown|show|finds|found|find|comes back|came back|is|its|was|turns out|turned out|be) [<A>] (fatal|terminal|cancer|incurable|inoperable|something (awful|terrible|serious|fatal|sinister|bad|terminal))",
                "so (i|id) [<A>] (dont|wouldnt|wont|didnt|never|would not|will not) [<A>] have to (keep (doing this|going|living|waking up|trying|fighting|pretending|existing|breathing) ($|<ANYMORE>|like this|every day)|do this (anymore|any more|again|every day)|face (another day|another morning|tomorrow|another year|another christmas|life)|feel (this|anything|like this) (anymore|any more|again)|be (here|alive|around) ($|<ANYMORE>))",
                "(sleep|asleep|bed|sleeping) ~3 and [<A>] (never|not|not ever|dont) [<A>] (wake|waking) up !<WAKEFOR>",
                "(id|i would|i d|i) [<A>] (like|love|want) to [<A>] (go to sleep|fall asleep|sleep) ~3 and [<A>] (not|never) [<A>] wake up",
                "(stopped|stop|not|cant|cannot|can not|dont|do not|no longer|never) [<A>] (seeing|see|find|finding) (the|any) point (in|of|to) [<A>] (being alive|living !<NOTLIFE>|life $|existing|staying alive|(going on|carrying on) !(with|at|to|in|like|about|for|holiday|a|the|an)|me|waking up)",
                "(whats|what is|wheres|where is) the point (of|in) me [<A>] (being here|being alive|existing|$)",
                "(overdose|attempt|tried to|woke up in|hospital|survived|stomach pumped|pills|tablets) ~~14 (wish|wishing|wished) (it|that it|they|i) (had|d) [<A>] (worked|succeeded|done the job|finished me|killed me|been enough)",
                "(sadly|unfortunately|annoyingly|worst luck|disappointingly) (im|i am)? still (here|alive|breathing) $",
                "(better|easier|best|kinder) ~0 (that|if)? <IABSENT>",
                "(long|longing|longed|yearn|yearning|yearned) for (death|the grave|eternal rest|my rest|the end !of|sleep everlasting|oblivion|nothingness|the void|to be with (him|her|them|god|the lord|jesus|mum|dad|mam))",
                "(would|if only|oh|o) that i (were|was|had never been|had not been|had died|had never woken)",
                "(i|id|ill|to|wish to|ready to|want to) (depart|leave) this (life|world|earth|mortal coil)",
                "(not|shant|wont|will not|shall not) (trouble|burden) (anyone|you|them|her|him|everyone|the family) (much|for much) longer",
                "made up my mind ~4 (i|ill)? (wont|will not|shant|shall not|am not going to|not going to) be (here|around|alive)",
            ]),

        // MARK: Suicidal thoughts (Columbia 2)

        SafetyPhraseGroup(
            name: "suicidal thoughts: on the writer's mind",
            note: "Suicide, killing oneself or ending it keeping coming into the writer's head, being all they think about, or something they cannot stop thinking about.",
            phrases: [
                "(<SUICIDE>|ctb|killing myself|ending my life|ending it all|kms|being dead|not being here|unaliving myself) ~3 (keeps|keep|kept|is|was|has been|comes|came|pops|popped|creeps|crept) [<A>] (coming|popping|creeping|going|running|circling|swirling)? (into|in|back into|round|around|through|up in) (my)? (head|mind|thoughts|brain)",
                "(<SUICIDE>|ctb|killing myself|ending my life|ending it all|kms|unaliving) (is|s|are|has been|was) [<A>] (all|the only thing) (that)? i [<A>] (think about|can think about|think of|want|dream about|can think of)",
                "(cant|can not|cannot|couldnt) [<A>] (stop|shake|get rid of|switch off) (thinking about|the thought of|the thoughts of|the idea of|the thoughts about) (<SUICIDE>|killing myself|ending my life|being dead|not being here|ctb|my (own)? funeral|not waking up|how id do it)",
                "(<SUICIDE>|ctb|killing myself|ending my life|ending it all) (on my mind|in my head|in my thoughts)",
                "(thinking|think|thought|thoughts|obsessing|fantasising|fantasizing) (about|of) [<A>] (ctb|unaliving|offing myself|topping myself|ending myself|finishing myself off|doing myself in) ($|again|tonight|a lot|lately|more|every day|constantly|all the time)",
                "(been on|reading|browsing|back on|joined|lurking on) (those|the|a|some|these|that) (forums|forum|sites|site|websites|threads|groups|subreddits) ~~10 (ctb|<SUICIDE>|methods)",
                "(should|shall) i [<A>] (just)? (die|kill myself|end my life|take them all|take the lot)",
            ]),

        SafetyPhraseGroup(
            name: "suicidal thoughts: addressed to oneself",
            note: "Imperatives the writer addresses to themselves: just end it, you should die, do everyone a favour and disappear.",
            phrases: [
                "(go on|go ahead|you should|you need to|you might as well|you may as well|why dont you|stop being a coward and|be brave and|grow a pair and|you ought to|just) [<A>] (end it|kill yourself|top yourself|off yourself|end your life|unalive yourself|get it over with) ($|already|now|tonight|then|for good|for once|ffs|loser|idiot|coward|properly|you (idiot|coward|loser|waste)|<ANYMORE>)",
                "(go on|stop being a coward and|be brave and|grow a pair and|you might as well|you may as well|you ought to|why dont you|you should just|just) [<A>] (die|disappear|jump) (already|then|you (idiot|coward|loser|waste)|ffs|loser|coward|idiot)",
                "(do|doing) (everyone|the world|them|us all|your family|everybody|the family|yourself) a favour and [<A>] (die|disappear|end it|kill yourself|jump|not wake up|drop dead|vanish|go away for good|stop existing|end your life)",
                "(^|go|go on|should|must|need to|ought to|might as well|deserve to) (kill|unalive|off|top|hang|drown) yourself !(laughing|working|with work|at work|at the gym|over)",
                "(nobody|no one|noone) (wants|needs|would miss|will miss|cares about) you ~~10 (end it|die|kill yourself|disappear)",
            ]),

        // MARK: Method, intent and plan (Columbia 3-5)

        SafetyPhraseGroup(
            name: "method: means looked at, kept or tested",
            note: "Keeping, looking at, measuring or testing a means; knowing where the gun key is; trains that do not stop; looking at the drop from a bridge; working out which method would be quicker or how much would be too much.",
            phrases: [
                "(keep|kept|cant stop|been|started|start|catch myself|caught myself|find myself|found myself|keep on|always) [<A>] (thinking about|looking at|staring at|eyeing|eyeing up|touching|picturing|checking on|going back to) (the|my|those|that|these|dads|mums|his|her)? ~3 (blades|blade|razor|razors|razor blades|sharps bin|sharps|rope|noose|gun cabinet|gun safe|shotgun|rifle|guns|gun|pills|tablets|paracetamol|painkillers|insulin|morphine|patches|lighter) !(for (the|a|my|our)|to (buy|sell|return|fix|sharpen|order|clean|see if)|in the (shop|window|catalogue|sale|shops)|online)",
                "(keep|kept|cant stop|been|catch myself|caught myself|find myself|found myself) [<A>] (looking at|staring at|touching|scratching|rubbing|pressing on|tracing) my (wrist|wrists|veins|forearm|forearms|inner arm|inner arms)",
                "(muzzle|barrel|gun|rifle|shotgun|pistol|revolver) ~4 (under|to|against|in|into) my (own)? (chin|head|temple|mouth|jaw)",
                "(turning|turn|turned|point|pointing|pointed|put|putting) (the|my|a|his|dads) (gun|rifle|shotgun|pistol|weapon) (round|around|on <MYSELF>|at <MYSELF>|on me|at me|to my head)",
                "(key|keys|code|combination) (to|for) (the|dads|my dads|his|the farm)? (gun cabinet|gun safe|gun cupboard|gun locker|shotgun|guns|rifle)",
                "(know|knew|found|found out|worked out|figured out) (where|which) ~6 (key|keys|code|combination) ~4 (gun|guns|gun cabinet|gun safe|shotgun|rifle)",
                "(measured|measuring|measure|checked|checking|tested|testing|test|looked at|looking at|staring at|stared at|eyed|eyeing|eyeing up) (the)? (banister|bannister|beam|beams|loft hatch|rafters|rafter|hook|curtain rail|door frame|light fitting|stair rail) !(for (the|a|new|some)|to (fit|paint|put|hang (a|the|pictures|curtains|lights|decorations|bunting))|and (ordered|bought))",
                "(beam|banister|bannister|hook|belt|loft hatch|rafter|rafters|cord|cable|curtain rail|door frame) ~~10 (hold|take|support|bear) my weight",
                "(fast|express|freight|through|non stop|nonstop) (trains|train) (that|which) (dont|do not|doesnt|wont|never) (stop|slow down)",
                "(looking|looked|stared|staring|peering|peered|gazing|gazed|look) (down)? (at|over|into) the (drop|water below|traffic below|road below|rocks below|tracks below) ~~20 (bridge|cliff|cliffs|roof|balcony|car park|ledge|viaduct|tower|multi storey|top floor|parapet|railing)",
                "(bridge|cliff|cliffs|roof|balcony|car park|ledge|viaduct|tower|multi storey|top floor|parapet|railing) ~~20 (looking|looked|stared|staring|peering|peered|gazing|gazed|look) (down)? (at|over|into) the (drop|water below|traffic below|road below|rocks below|tracks below)",
                "(<METHODPLACE>|the head|the quarry|the reservoir|the river|the sea|the water|the tracks|the bridge) ~~12 (thats where|that is where|thatll be where|this is where|its where|that will be (the place|where)|is the place|would be the place|would be where) $",
                "(which|what) ~6 (would|will|could|d) [<A>] (do the most damage|do enough damage|be lethal|be fatal|stop (my|the|your|a) heart|kill (me|someone|you|a person))",
                "<LETHAL> ~~12 (which|what) ~4 (would|will|could|d) [<A>] (be)? (quicker|quickest|faster|fastest|easier|easiest|less painful|least painful|more certain|surer|surest|do the job|be enough)",
                "<LETHAL> ~~12 (know|knew|worked out|calculated|looked up|googled|checked|figured out) (exactly)? how (much|many) ~4 (would be|is|it takes|it would take|to take|would) (too much|too many|enough|lethal|fatal)",
                "(know|knew|worked out|calculated|looked up|googled|checked|figured out) (exactly)? how (much|many) (of)? (the|my|her|his|mums|dads)? ~2 (<MEDS>|insulin|morphine|patches) ~4 (would be|is|it takes|it would take|to take|would) (too much|too many|enough|lethal|fatal)",
                "enough (that|so that|so)? it (works|will work|does the job|wont fail|doesnt fail) [first time]",
                "(googled|googling|searched|searching|looked up|looking up|researched|researching|reading up on|read up on|reading about|read about|look up|search) ~3 (painless|quickest|easiest|surest|least painful|peaceful) (ways|way|methods|method|death|deaths|exit|exits) !(to (make|cook|remove|get|do|learn|lose|clean|fix|save|pay|quit|stop|give|take out|pull|treat|relieve|tell|break|earn|wake|fall|train|teach|say|ask|pick|apply|wax|peel))",
                "i (know|knew) [exactly|full well|perfectly well] (what|why|who) (im|i am|i was|ive been|i have been) (keeping|saving|hiding|hoarding|storing|collecting|buying|getting|putting aside) (them|it|these|those) (for)?",
                "<LETHAL> ~~16 i (know|knew) [<A>] (exactly|full well|perfectly well)? (what|why) (its|it is|theyre|they are|its there|theyre there|it is there|i (bought|got|need|want|have|keep|kept) (it|them)) (for|there)? $",
                "<LETHAL> ~~10 (sat|sitting|sit|stayed|lay|lying) with (it|them) (for (an hour|hours|ages|a long time|a while|half an hour|most of the night|the night)|in my (lap|hands)|until)",
                "(<MEDS>|blades|razor|razors|rope|noose) ~~10 (check|checking|checked|make sure) (theyre|they are|its|it is|they re|it s) (still)? (there|in|safe|where)",
                "(vodka|whisky|whiskey|gin|wine|alcohol|booze|rum|bottle) ~~8 (all my|all the|every one of my|the whole box of|a box of|boxes of|every) <MEDS>",
                "(all my|all the|every one of my|the whole box of|boxes of) <MEDS> ~~8 (vodka|whisky|whiskey|gin|wine|alcohol|booze|rum)",
                "(keeping|kept|putting|put|holding|held|squirrelling|saving|saved) (back|aside|away) (some|a few|a couple|most|half|all)? (of)? (my|her|his|mums|dads|the|her old|his old|my old)? ~2 (<MEDS>|patches|morphine|morphine patches|insulin|pens) !(for (the|a|my|our|next|emergencies|later|holiday|travel|the trip|when))",
                "(<INTENT>|honestly thought|kept thinking|keep thinking) ~4 (steer|steering|steered|swerve|swerving|swerved|veer|veering|veered|crash|crashing|crashed) ~4 (into|off|in front of|across) (the|a|an)? ~3 (central reservation|reservation|barrier|wall|oncoming|traffic|tree|bridge|pillar|lamppost|lamp post|verge|embankment|ditch|cliff|sea|harbour|quarry|river|lorry|lorries|truck|bus)",
                "(could|should|might|want to|wanted to|going to|thought about|thinking about|think about|keep thinking about|imagine|imagined|pictured|picture) [<A>] (just)? (walk|walking|swim|swimming|wade|wading|walked) (into|out into|out to|straight into) the (sea|river|lake|water|canal|reservoir|loch|waves)",
                "(could|should|might|want to|wanted to|going to|thought about|thinking about|think about|imagine|imagined|pictured|picture) [<A>] (just)? (step|stepping|jump|jumping|fall|falling|lean|leaning) (off|over) (the|a)? ~2 (platform edge|edge|ledge|bridge|roof|balcony|cliff|railing|parapet|viaduct|car park)",
                "(could|should|might|want to|wanted to|going to|thought about|thinking about|think about|imagine|imagined|pictured|picture) [<A>] (just)? (step|stepping|jump|jumping|walk|walking) (out)? in front of (a|the|an)? ~2 (train|bus|lorry|truck|traffic|car|tube)",
                "(told|said|say|saying|tell|telling|pretended|claimed|lied) ~8 (it was|its|it is|they were|they are|it s) for (a|the|my|our|his|her) ~3 $ ~~6 (there is no|theres no|there isnt (a|any)|i dont have (a|any)|we dont have (a|any)|i havent got (a|any)|that was a lie|i lied)",
            ]),

        SafetyPhraseGroup(
            name: "method: hosepipe and a car",
            note: "A length of hose with a car, van or exhaust. Off in entries about washing the car or the garden.",
            phrases: [
                "(length of|piece of|bit of|some) (hose|hosepipe|tubing) ~~16 (car|ute|van|truck|exhaust|garage|forestry|lay by|somewhere quiet|drive out|the boot)",
                "(car|ute|van|truck|exhaust|garage|the boot) ~~16 (length of|piece of|bit of) (hose|hosepipe|tubing)",
            ],
            unlessEntryMentions: "washing and gardening"),

        SafetyPhraseGroup(
            name: "intent and plan: a time, a date, a decision",
            note: "A date picked, a condition after which the writer will do it, a previous attempt with a next time.",
            phrases: [
                "^ (ive|i have|i|finally|just)? [<A>] (picked|chosen|chose|set|decided on|settled on|circled|marked) (a|the|my) date $",
                "(picked|chosen|chose|set|decided on|settled on|circled|marked|got|have) (a|the|my) (date|day) ~~14 so (i|it) (dont|doesnt|wont|wouldnt|do not|does not|will not|would not) (ruin|spoil|wreck|overshadow|clash with|mess up) (it|her|his|their|the|christmas|everything|anything|mums|dads|the day)",
                "if ~8 (still|bad|worse|doesnt|dont|isnt|cant|nothing|no one|nobody|hurts|same|not|never) ~6 (im|i am|ill|i will|then im|then ill|then i) [<A>] (doing it|do it|going to do it|going through with it|taking them|take them) ($|<TIME>|then|anyway)",
                "((my|last|previous|first|suicide) attempt|tried to (kill myself|end it|end my life|die)|woke up in (hospital|icu|a&e|resus)|stomach pumped) ~~20 (this time|next time|do it properly|get it right|wont fail|make sure it works|try again|feel like that again|same feeling|same thoughts|thinking about it again|want to again|back again|going to again)",
                "(have|got|ive got|i have) (a|the) (date|day) (picked|chosen|set|sorted|in mind) ($|now|already)",
                "(got|have|made|ive got|i have) a plan $ ~~10 (pick|choose|set|decide on) (the|a) (day|date|time) $",
                "(going to|gonna|about to|was going to|were going to|nearly|almost|meant to) [<A>] do it ~3 but ~6 (rang|called|phoned|texted|came home|came in|came round|walked in|knocked|interrupted|stopped me|found me|turned up)",
                "(couldnt|could not|didnt|did not|wasnt able to) [<A>] (do it|go through with it) ~~6 (next time|tomorrow|tonight|soon) (i will|ill|i wont fail|i wont bottle it)",
                "(got|get|went|made it|walked|drove) as far as the <METHODPLACE> (last night|tonight|today|yesterday|this morning|$)",
                "(note|letter|notes|letters|<MEANS>) ~~16 not ready (yet)? ~2 (but soon|soon)",
                "(tonight|tomorrow|this weekend|sunday|monday|tuesday|wednesday|thursday|friday|saturday|next week) (is|s|will be) (the night|the day|when it happens|when im going to do it|when ill do it) $ ~~10 (ready|sorted|goodbye|sorry|letters|notes|pills|rope|everything)",
                "(im|i am|ill|i will) [<A>] (doing it|do it|going to do it) (tonight|tomorrow|this weekend|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday)|when (everyone|they|she|he|mum|dad) (is|are|s|goes|go)) ~~12 (ready|sorted|goodbye|sorry|letters|notes|pills|rope|everything i need|drawer|nobody|no one)",
            ]),

        // MARK: Preparatory acts and farewells (Columbia 6)

        SafetyPhraseGroup(
            name: "preparatory acts",
            note: "Two acts of preparing to die close together (a will, belongings given away, accounts closed, a pet rehomed, passwords left, letters written), or one with the calm that follows a decision. Off in entries about moving house, emigrating or a new job.",
            phrases: [
                "<PREPACT> ~~30 <PREPACT>",
                "<PREPACT> ~~16 (calmer|calm|at peace|peaceful|relieved|ready|lighter|settled) (than|now|$|about it)",
            ],
            unlessEntryMentions: "a move"),

        SafetyPhraseGroup(
            name: "preparatory acts: found, gone, left behind",
            note: "Whoever finds me; not wanting someone to be the one who finds me; letters for after I've gone; a death spoken of as past.",
            phrases: [
                "(written|wrote|left|writing) (notes|letters|a note|a letter) (for|to) ~5 ~~6 (theyre|they are|its|it is|they re|it s|both|all) (in|under|on) (the|my) (top|bottom|middle|kitchen|bedside)? (drawer|bureau|desk|pillow|table|envelope|dresser|cupboard)",
                "(whoever|who ever|whoevers|the person who|the one who|whoever it is that|someone who|whoever is the one that) [<A>] (finds|find|will find|is going to find|found) me !(a|an|the|some|something|job|work|somewhere|that|this|one|attractive|funny|annoying|interesting|boring|cute|fit|online|on)",
                "(dont|do not|didnt|never) want (mum|mam|dad|mom|my (mum|dad|mam|mom|kids|son|daughter|wife|husband|partner|sister|brother|parents|flatmate|housemate)|the kids|her|him|them|anyone|the children) to (be the one (to|who|that))? (find|finds|found) me !(crying|like this|here|smoking|drunk|with|in|at|upset|awake|hiding|asleep|yet|out)",
                "(letters|notes|a letter|a note|everything they need) ~~14 (once|after|when) (ive|i have|im|i am) (gone|dead|not here) !(to|for|out|away|home|back|through|over|up|down|on|in|off|shopping|bed|sleep|the|a|an|round)",
                "i (didnt|did not|never) (die|do (this|it)|leave|go) because of (you|anything|something|anyone|what you)",
                "(without|didnt|dont|not) ~3 (know|knowing|realise|realising|realize|realizing|notice|noticing|suspecting) (it was|its|it is|that it was|this was|that this was) (goodbye|a goodbye|the last time)",
                "(this is|thats) where i (end|stop existing)",
            ]),

        SafetyPhraseGroup(
            name: "farewell",
            note: "A goodbye, a last entry or a note to whoever finds it, next to another sign of a farewell (sorry, not your fault, look after, I won't be around); goodbye to the world.",
            phrases: [
                "<FAREWELLSIGN> ~~24 (<FAREWELLSIGN>|<FAREWELLSOFT>)",
                "<FAREWELLSOFT> ~~24 <FAREWELLSIGN>",
                "(<BYE>) [cruel|beautiful|stupid] world !(hello|of|cup|record|tour|premiere)",
                "(wont|will not) be writing ~~4 (or after that|ever again|again after|any more|anymore|again) $",
                "(not|never) (planning on|planning to|going to be) (checking out|coming back|leaving alive)",
                "(when|once) (youre|you are) (older|grown up|old enough) ~~12 (loved you|i loved you|your (dad|mum|mam|mother|father|mom) (loved|was proud)|wasnt your fault|not your fault)",
            ]),

        // MARK: Burdensomeness

        SafetyPhraseGroup(
            name: "burdensomeness: others better off",
            note: "Others gaining from the writer's absence: free of me, a favour to everyone if I wasn't here, the world running smoother without me, the kindest thing, life insurance, grieving then moving on.",
            phrases: [
                "<GAIN> ~8 (if|when|once|after|with) <IABSENT>",
                "<GAIN> ~8 were i <A> (no longer here|gone|dead|not here|not around|to die|to go|to pass|no longer alive|taken)",
                "if <IABSENT> ~8 <GAIN>",
                "(cope|manage|be fine|be okay|be ok|get on fine|carry on|move on) [fine|just fine|perfectly well|without me] (if|when|once) (i was|i were|im|i am) [<A>] (gone|dead|not here|not around) ($|<ANYMORE>|for good|forever|better than fine)",
                "(be|d be|would be|will be|finally be|get|finally get|ll be|to be|could be|are) (free|rid|shot|clear) of me !(for (a|the) ~2 (week|weekend|day|days|night|afternoon|evening|fortnight|month|summer|hours|holiday|bit|while)|while|when i (go|am|m) (on|away|at)|at last for)",
                "(world|earth|planet|family|their lives|everyones lives|lives) ~4 (better|happier|easier|smoother|lighter|nicer|kinder|brighter|quieter|fine|cheaper|simpler|calmer|safer) ~3 without me",
                "(world|earth|planet|family|lives|life|house) ~6 without me in it",
                "one less (useless|pointless|worthless|stupid|miserable)? (one|person|burden|waste of space|loser|body) ~6 (wouldnt|would not|wont|will not|doesnt|does not) (hurt|matter|make a difference|be missed|be noticed|bother)",
                "(kindest|most loving|fairest|best) thing ~8 (not be here|not exist|disappear|die|be gone|end it|remove myself|stop existing|not be around|let them go|set them free|go for good) !(for|until|till|tonight|when|while)",
                "(take|taking|took|remove|removing|get|getting) (me|myself) out of (it|the picture|the equation|the way|their lives|everyones lives|the world|this world|the mix) ~~10 (solved|sorted|fixed|better|easier|for good|happier|lighter)",
                "remove myself (permanently|for good|forever|from (the|this) (world|picture|equation|earth|planet)|from (their|everyones|her|his|my familys|my kids) (lives|life))",
                "(life insurance|insurance payout|insurance money|death in service) ~~10 (better off|worth more|if i (died|was dead|was gone)|when im gone|once im gone)",
                "(better off|worth more|be richer) ~6 (with|from)? (the|my)? (life insurance|insurance payout|insurance money)",
                "(d|would|will|ll) (grieve|cry|mourn|be sad|miss me) ~4 (then|and then|but then|but) ~4 (move on|get over|forget|be fine|be free|be better|be okay|be relieved|be happier|feel relief|be lighter|get on with)",
                "(im|i am|ive become|i have become|ive always been|im just|i feel like|feel like|i feel|being) [<A>] (such|nothing but|only|just|a massive|a huge)? (a|an)? [<A>] (burden|drain|dead weight|waste of space|waste of oxygen|waste of air|waste of skin|liability|millstone) (to|on|for|around)? (everyone|everybody|them|my family|the family|all of them|everyone around me|the people i love|the world|my kids|my parents|my daughter|my son|my wife|my husband|my partner)",
                "(dead weight|waste of space|waste of oxygen|burden|drain|millstone) ~~14 (a favour|a favor|better off|without me|wasnt here|free of me|rid of me|not be here)",
                "(better off|be fine|cope|manage|move on) ~~10 (bury me|without me|when im gone|if im gone|once im gone)",
                "(spare|save|saving|sparing) (her|him|them|my family|my daughter|my son|my kids|everyone|my wife|my husband) ~4 (the years|years|the burden|the trouble|the cost|the expense|the bother|of me|from me|the pain of) ~~10 (rather go|rather be gone|end it|gone|die|dead|not be here|not be around)",
                "(rather go|rather be gone|rather die|rather be dead) ~~10 (spare|save|saving|sparing) (her|him|them|my family|my daughter|my son|my kids|everyone|my wife|my husband)",
            ]),

        // MARK: Non-suicidal self-injury

        SafetyPhraseGroup(
            name: "self-injury: an act with a marker of intent",
            note: "An injury verb on the writer's body with a marker that it was meant: on purpose, until it bled, to feel something, deserved it, where nobody looks; an implement used on the body; hair pulled out in clumps; a cover story for the marks.",
            phrases: [
                "<INJV> (my|my own) [<A>] <BODYX> ~8 <MEANT>",
                "(<INJV>|scalded|burned|burnt) myself ~8 <MEANT>",
                "(scalded|scalding|burned|burnt|burning|scalds) me ~8 <MEANT>",
                "<INJV> (my|my own) <BODYX> ~6 ~~8 (deliberately|on purpose|intentionally|purposely) $",
                "(held|ran|put|kept|pressed|stuck|holding|running|putting|keeping|stuck) my (hand|hands|arm|arms|wrist|wrists|fingers|palm|leg|legs|skin|thigh) (under|in|on|over|against|into|near|to) (the)? ~2 (boiling|scalding|hot|hob|flame|lighter|candle|iron|kettle|freezing|ice|radiator|fire|stove|oven) ~~6 (till|until|as long as|on purpose|deliberately|deserved|to feel|couldnt stand|could stand|as long as i could)",
                "(using|used|use|took|take|taking|dragged|drag|ran|run|pressed|press|put|putting|held|holding) (a|the|my|an)? ~3 <IMPLEMENT> ~3 (on|across|along|over|into|against|to) (my)? (own)? <BODY> !(hair|to shave|shaving)",
                "(use|using|used) [(them|it|one|that|this|those|these)] on <MYSELF> !(hair|fringe|nails|beard|legs|eyebrows|face|skin)",
                "(the|a|my) <IMPLEMENT> on my <BODY> !(hair|to shave|shaving)",
                "<BODY> ~4 (where|so) (nobody|no one|noone|people|anyone|mum|mam|dad|they|my parents) (looks|look|can see|sees|will see|would see|wont see|cant see|notices|will notice|would notice|wont notice|checks)",
                "(the)? (thing|it) with the <IMPLEMENT> (again|tonight|last night|this morning|on my)",
                "(hit|hitting|banged|banging|bang|bash|bashed|bashing|slammed|slamming|smashed|smashing|knocked|knocking|punched|punching) my (head|fist|fists|hand|hands) (against|into|on|off|through) ~3 (wall|walls|floor|door|mirror|desk|table|sink|tiles|headboard|radiator|window|glass) ~4 (until|till|again|repeatedly|over and over|so hard|hard|on purpose|deliberately|til|to (stop|feel|shut|make))",
                "(dug|dig|digging|pressed|pressing|jammed|sank|sunk) (my)? (nails|fingernails|nail|teeth) (into|in) my (own)? <BODYX>",
                "(pulled|pulling|pull|ripped|ripping|tore|tearing|yanked|yanking) (out)? (a chunk|chunks|clumps|a clump|handfuls|a handful|tufts|a tuft|fistfuls|a fistful) of (my)? (hair|eyelashes|eyebrows) (out)?",
                "(told|said|tell|telling|say|saying|lied|lie|lying) (to)? (her|him|them|mum|mam|dad|mom|everyone|people|the nurse|my teacher|the teacher|the doctor|school|work|my boss|my mum|my dad|my mam|the gp)? ~2 (it was|its|it is|they were|they are) [<A>] (the|a|an|my|our)? (cat|cats|dog|kitten|puppy|accident|brambles|bramble|rose bush|roses|oven|gardening|climbing|sport|football|netball|hockey|door|fall|hamster|rabbit) ~~6 (it wasnt|it was not|they werent|it isnt|that wasnt true|it wasnt the|lie|lied|lying|its not)",
                "(drag|dragged|dragging|run|ran|running|press|pressed|pressing|scrape|scraped|scraping|rake|raked|raking|slice|sliced) my (own)? <BODY> (across|along|over|through|against|on|down) ~6 (glass|mirror|blade|edge|whats left|razor|shards|knife|it|broken)",
                "(home|upstairs|bathroom|room|again|then|toilets|shower) and [<A>] (cut|burned|burnt) (again)? $",
                "(cut|cutting|burned|burnt|burning|hurt myself|hurting myself|bled|bleeding|scratched|scratching) ~~4 (its|it s|it is|that s|thats|that is) (the)? (only thing|one thing) (that)? (helps|works|makes it stop|calms me|stops it|gets me through)",
                "(slipped up|slip up|had a slip|messed up|gave in|caved) ~4 (and)? [<A>] (hurt|cut|burned|burnt|scratched|harmed|hit) (myself|my <BODY>)",
            ]),

        SafetyPhraseGroup(
            name: "self-injury: urges",
            note: "Wanting, needing or fighting the urge to cut, burn or bleed; a voice telling the writer to; not trusting oneself with a blade or lighter; knowing what one would use.",
            phrases: [
                "(give anything|give my right arm|do anything|kill|dying|itching|aching|desperate|gagging) to (cut|burn|bleed|<SH>|hurt myself|harm myself|slice|scratch myself) !<CUTFOR>",
                "(need|needed|needing|want|wanted|wanting|urge|itching|craving) to (bleed|see (blood|myself bleed)|feel the (blade|sting)) !(the|radiators|radiator|brakes|them|it|out (the|a)|test|tests|results|pressure|sugar|donor|donation|work)",
                "(urge|urges|temptation|craving|cravings|pull|itch|need|impulse) to (burn|bleed) !(the|it|them|a|an|down|off|calories|bridges|money|cds|candles|incense|fat|rubbish|through|out|my (skin care|money)|energy|some)",
                "(head|brain|voice|voices|thoughts|something|mind) ~4 (telling|tells|told|screaming at|screams at|screamed at|shouting at|shouts at|yelling at|whispering to|whispers to|begging|urging|pushing|nagging) me to ~6 (cut !<CUTFOR>|burn myself|hurt myself|harm myself|die|kill myself|end it|jump|bleed|take them all|use (it|them) on|get the (scissors|blade|razor|knife|lighter|pills))",
                "(dont|do not|cant|cannot|can not|didnt|did not|wouldnt|couldnt) trust <MYSELF> (with|around|near|alone with) (<LETHAL>|it|them|sharp things|sharps|the knives|a knife|the lighter|the blade|sharp objects|myself) [<A>] (tonight|right now|alone|at the moment|anymore|any more|today|$)",
                "(i)? (know|knew) (exactly)? what (id|i would|ill|i will|i d) use $",
                "(going|want|wanted|need|needed|about|ready|tempted|planning) to [<A>] cut [<A>] (again|tonight|deeper|right now|now|$|<TIME>)",
                "(want|wanted|wanting|urge|need|needed) to [<A>] (put my fist through|punch|smash|hit) ~4 (and then|then) ~4 (drag|cut|slice|run|press) my",
                "punish <MYSELF> ~~10 (what id use|what i d use|blade|razor|cutting|burning|bleed|lighter)",
            ]),

        SafetyPhraseGroup(
            name: "self-injury: relapse",
            note: "Going back to cutting, burning or scratching; new marks after the old ones faded; days without harm broken; a counter reset. Relapse words alone are in the next family, which is off in entries about smoking, drinking, diets or apps.",
            phrases: [
                "back to (scratching|burning|cutting|hitting myself|picking|biting myself|bruising myself|carving|hurting myself|harming myself|<SH>|<SELFHARM>) !(the|a|some|back|down|wood|paper|grass|logs|toast|cds|candles|incense|rubbish|calories|fat|midnight|through|out|costs|corners|hair|my hair|class|school|carbs|sugar|coupons|it|them|hedges|the lawn|at|up|on|apples|fruit|strawberries|teams|players)",
                "(went|gone|go|going|slipped|slid|fell|been) back (to|into) (it|that|old habits|the old habit|my old habits|the habit|old ways|my old ways) ~~5 (the)? (cutting|burning|scratching|blade|blades|razor|<SH>|<SELFHARM>|lighter)",
                "(scars|scar|marks|cuts|burns|lines) ~~16 (added|made|put|carved|there are|theres|there were|now there are|now theres|got) ~2 (new|fresh|more|another) (ones|one) ($|tonight|today|last night|on)",
                "(new|fresh) (scars|scar|cuts|marks|burns|burn marks|wounds|lines) ((tonight|last night|again|this morning) | on (my)? <BODY> !(from|after|because|when|while|where))",
                "(marks|scars|wounds) (are|were|is|was|s) [<A>] (fresh|bleeding|still bleeding|raw|weeping|open again)",
                "without a (single)? new (scar|cut|mark|burn|wound)",
                "(no|zero|not a single|not one) (new)? (marks|cuts|scars|burns|mark|cut|scar|burn) since ~~10 (now|tonight|new|fresh|again|four|three|two|ones|last night|today)",
                "#num (days|weeks|months|years|day|week|month|year) (no|without|free of|clean of|free from|of no) (harm|harming|<SH>|cutting|<SELFHARM>|blades|blade|marks|hurting myself|scratching|burning myself)",
                "(day (#num|one|zero)|back to (day (#num|one|zero)|square one|the start|zero)|square one) ~~6 (blade|razor|cutting|<SH>|<SELFHARM>|burning myself|lighter)",
                "(blade|razor|cutting|<SH>|<SELFHARM>) ~~6 (day (#num|one|zero)|back to (square one|the start|zero|day (#num|one|zero)))",
                "(reset|resetting|restart|restarted|restarting) (the|my) (counter|count|streak|clock|days|tally) ~~10 (<SH>|<SELFHARM>|cutting|blade|my arms are|my wrists)",
                "my (arms|wrists|thighs|arm|wrist|thigh) (are|is|look|looks) [<A>] (a mess|shredded|wrecked|ruined|covered in (cuts|marks|scars|burns|plasters)|cut up|torn up|torn to pieces) !(from|after|because|with)",
                "broke (my|the) promise ~~10 (marks|cuts|scars|blade|fresh|cutting|<SH>|bleed|new ones)",
                "(bought|buying|got|getting|ordered) (new|more|fresh|another pack of|a new pack of|some)? (blades|razor blades|razors|a blade|a razor) ~~12 (used (them|it)|threw (my|the|them) (old|blades)? away|promised|clean|relapse|before id|before i had)",
                "(threw|thrown|binned|gave) (away|out)? (my|the|all my) (blades|razors|blade) (away|out)? ~~14 (bought|got|new ones|used)",
                "(relapsed|relapse) ~~8 (blade|blades|razor|cutting|<SH>|<SELFHARM>|scars|marks|burning myself|lighter)",
            ]),

        SafetyPhraseGroup(
            name: "relapse (words alone)",
            note: "A relapse or lost days said with nothing else; off in entries about smoking, drinking, drugs, diets or apps.",
            phrases: [
                "^ (relapsed|relapse|relapsing) [<A>] (<TIME>|again|last night|tonight|today|this morning|yesterday|after|$)",
                "#num (days|weeks|months|years|day|week|month|year) (gone|wasted|down the drain|thrown away|ruined|undone|lost|for nothing)",
            ],
            unlessEntryMentions: "other recovery"),

        // MARK: Death said of oneself, with a time, a place or a purpose

        SafetyPhraseGroup(
            name: "death of oneself: when, where and why",
            note: "The writer as the subject of dying in a plan or a conditional: that's where I'll die, I know when I'm going to die, die there, the best time to die, if I was dead, were I to die, I'd be dead by now if I had any nerve, after tonight I am dead, prefer death to, bring about my own death, by my own hand.",
            phrases: [
                "(thats|that is|this is|thatll be|that ll be|that will be|it will be|its) (where|when|how) <IWILL> [<A>] (die|be dead|end it|do it|kill myself|end my life)",
                "(know|knew|decided|chosen|picked|worked out|planned|figured out) (where|when|how) ~6 (im|i am|ill|i will|i|im going to|i am going to) [<A>] (going to|gonna)? [<A>] (die|do it|end it|kill myself|end my life)",
                "<IWILL> [<A>] (die|be dead) (there|tonight|tomorrow night|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday|the #num|my birthday|his anniversary|her anniversary)|by (midnight|morning|the morning|the weekend|friday|sunday|saturday|then|tomorrow)|before (morning|the morning|the weekend|christmas|the summer|the spring|winter|my birthday|the month is out|the year is out)|at last|by my own hand|and (go|be) (and)? (join|with) (him|her|them)|alone in)",
                "(best|right|perfect|good|only|safest|quietest) (time|place|day|night|way|spot|moment) to (die|end it|kill myself|end my life|do it without) !(for|if|in a game|in (minecraft|fortnite|the game))",
                "(why|because) (i|ive|i have) (had to|have to|needed to|must|chose to|decided to|wanted to|want to) (die|end it|end my life|kill myself|leave you all|do this)",
                "(prefer|preferred|choose|chose|chosen|choosing|pick|picked|welcome|welcomed) death (to|over|rather than|instead of|before)",
                "(bring about|bringing about|brought about|hasten|hastening|hastened|arrange|arranging|cause|causing|take steps towards|steps towards|towards|seek|seeking|means of|plan|planning|planned|contemplate|contemplating) my (own)? (death|end|demise)",
                "(<MEDS>|tablets|pills|they) ~~10 (shall|will|would|are going to) be the death of me",
                "by my own hand",
                "(resolved|intend|intending|decided|determined|plan|planning|mean|meaning) to (end|close) my (days|life|own life)",
                "(take|taking|took) (my)? leave of (this|the) (world|life|earth)",
                "were i to (die|be gone|go|pass|not wake|be taken) ~~10 (mercy|relief|blessing|kindness|better|nobody|no one|glad|gladly|welcome|easier|fine)",
                "if (i|only i|i just) [<A>] (was|were|wis|was to be) [<A>] (dead|deid|gone for good|gone forever|no longer here|no longer alive|not alive) !(tired|on my feet|beat|serious|set|against|right|lucky|good|easy|quiet|bored|keen|jealous|excited|sure|scared|nervous|certain|proud|pleased|happy|chuffed|hungry|cold|hot|late|early|sorry|funny)",
                "if (i|only i) [<A>] (could|can) [<A>] (die|stop existing|not exist|disappear forever|not wake up|cease to exist|end it) !(of|from|laughing|for|happy|a little|inside)",
                "if i [<A>] (died|die|was to die|were to die|dropped dead) ~~14 (notice|noticed|relieved|relief|better off|miss me|care|cry|bother|funeral|mourn|grieve|matter|understand|easier|lighter|rest|one less|sorted)",
                "if (that|the|a) ~2 (car|bus|lorry|train|crash|accident|it|van|truck) (had|d) (killed|hit|taken) me ~~12 (would|sorted|better|easier|relief|over|wish|glad|shame)",
                "if (i|id|i had|i d) [<A>] (had|d)? (any|the|an ounce of|a shred of) (nerve|guts|courage|balls|bottle|backbone) ~6 (id|i would|i d) [<A>] be dead",
                "(take|takes|took|taking) (a second|a moment|seconds|one step|a few seconds|a minute|one second) ~~6 (id|i would|i d|and i) [<A>] be (dead|gone|over)",
                "after (tonight|today|tomorrow|this week|this weekend) (i am|im|ill be|i will be|i shall be) (dead|gone|no more|not here)",
                "(tonight|tomorrow|today|now) (you|i) (die|end it|do it)",
                "(hoping|hope|wish|wishing|praying|pray) ~~12 (then|and then) (i|ill) [<A>] (die|d die|would die|be dead)",
                "(give|would give|d give) (anything|everything|all i have) to (be dead|die|not exist|not wake up|stop existing|not be here|be gone)",
                "(told|tell|said|says) (me)? ~3 (i was|im|i am|id be|i d be) dying ~~8 (grateful|relieved|relief|glad|happy|thankful|welcome it|good news|smile)",
                "(wouldnt|would not|dont|do not|wont|will not) [<A>] (mind|care) (dying|being dead|not waking up|not existing|if i died|going to sleep forever)",
                "(wouldnt|would not|widnae|dont|do not|wont) [<A>] (bother me|trouble me|upset me|matter) (if|when) i [<A>] (died|die|was dead|didnt wake up|never woke up|was gone)",
                "(god|lord|he|you|please|just) ~3 let me (die|slip away|not wake up|sleep forever|pass|go to sleep and not wake)",
                "let (it|them|the (lorry|car|bus|train|cancer|illness|sea|water|river|cold)) (kill|take|have|finish) me",
                "let myself (die|drown|go under|slip away|sink|bleed out|freeze)",
                "(enough|high enough|far enough|deep enough|strong enough|cold enough|big enough) to kill me",
                "(working out|work out|worked out|wondering|checking|checked|check) (if|whether) (its|it is|it was|itd be|it would be|the drop is|the drop would be|the drop was) [<A>] (high|far|deep|tall|long|steep) enough",
                "how (much|many) ~4 (it takes|it would take|it will take|would it take|does it take|will it take|would take|takes|it took|would|will) to (kill me|die|end it|finish me|stop my heart|not wake up|kill you|kill someone|overdose)",
                "(and|then) (die|end it|end my life|kill myself) (there|then|that night|on the tracks|in the water)",
                "(which|what) ~6 (kill|kills|killed) (you|someone|people|a person) (the)? (fastest|quickest|quicker|faster|painlessly|soonest)",
                "enough (to die|to kill me|to end it|to end my life|to not wake up|to be sure|to finish me)",
                "(reading|read|researching|researched|googling|googled|looking up|looked up) ~2 about how (people|you|someone|they) (die|kill themselves|overdose|hang themselves|drown)",
                "(car fumes|exhaust fumes|carbon monoxide|exhaust) ~~12 (garage|car|seals|hose|door)",
                "(furious|angry|gutted|disappointed|upset|annoyed|sad|raging|livid) (that)? (i|id) (wasnt|was not|werent|hadnt|didnt|did not) (dead|die|died|succeed|succeeded|manage it|managed)",
                "(cant|can not|cannot|couldnt) [<A>] stop thinking (about|abt|of) (dying|death|being dead|my death|my funeral)",
                "(think|thinking|thought) about (dying|death|being dead|killing myself|ending it|suicide|my death) (more than|all the time|constantly|every day|every night|a lot|most days|non stop|nonstop|day and night)",
                "all (i|id) [<A>] (can)? (think about|want|think of|want to do) (is|s) (<SELFHARM>|<SH>|cutting|hurting myself|burning myself|the blade|dying|death|<SUICIDE>|killing myself|ending it|being dead)",
                "(being dead|death|dying|not existing|not being alive|not waking up|the grave|oblivion|<SUICIDE>) (sounds|feels|seems|looks|would be|would feel|must be|is) [<A>] (restful|peaceful|nice|lovely|good|appealing|inviting|relaxing|quiet|like bliss|like rest|like a rest|like sleep|like relief|easy|easier|better|so good|tempting|calm|welcome)",
                "(like|love|prefer|welcome|quite like) it if i [<A>] (didnt|did not|never|dont|just didnt) [<A>] (wake up|wake|exist|come home|make it)",
                "(dont|do not|not|never) (intend|plan|planning|going|expect|expecting|mean) to (stick around|be around|be here|be alive|live|hang around|see|last|make it) ~3 (past|beyond|after|for|much|long|longer|next|until|till|to see)",
                "(not|never) (planning|expecting|intending) (on|to) (see|seeing|reach|reaching|make it to|making it to|live to see|living to see) ~2 ($|if im honest|honestly|tbh)",
                "no intention of (being here|being alive|living|still being here|staying alive|seeing (another|next|the))",
                "(not|shant|shall not|wont|will not) be (a)? (trouble|burden|bother|nuisance|worry) to ~2 (much|for much) longer",
                "(weary|tired|sick) unto death",
                "(affairs|house|things) in order ~~8 (that end|the end|my end|death|die|gone|leave|taking my leave)",
                "(wish|wished|wishing) (never|not) to (have been|be) born",
                "rather [<A>] (be dead|die) ~~10 (i mean it|not joking|not being dramatic|seriously|for real|i really mean it|honestly|swear)",
                "(way out of|find a way out|a way out) (of)? (all of it|everything|it all|this life|life|all this)",
            ]),

        SafetyPhraseGroup(
            name: "euphemisms for dying",
            note: "Checking out, clocking off, logging off or leaving, with a word that makes it final (permanently, for good, not the flat, not the job); handing in one's ticket; giving the world its oxygen back; going where someone who died went; soon being just a name. Off in entries about retiring or leaving a job.",
            phrases: [
                "<EUPH> ~~3 <FOREVER>",
                "(and)? (i|im) (dont|do not|not) (mean|talking about) (from|the|that kind|literally|it like that|a holiday|on holiday|the hotel|the job|work|the flat) ~~6 <EUPH>",
                "<EUPH> ~~8 (and)? (i|im) (dont|do not|not) (mean|talking about) (from|the|that kind|literally|it like that|a holiday|on holiday|the hotel|the job|work|the flat)",
                "(hand|handing|handed) (in)? my ticket (in)?",
                "(have|get|take|gets) (its|their|my|the|your) (oxygen|air|space) back",
                "(finished|done|through) with ~3 (being alive|existing|living|breathing)",
                "(leaving|going|quitting|done|out|leave) ~~3 not (the|this|my) ~2 ~~3 not (the|this|my) ~~4 (everything|all of it|life|it all|the world)",
                "(go|be|join|see) (where|wherever) (nan|gran|granny|grandma|grandad|grandpa|mum|mam|dad|he|she|they|my (mum|dad|nan|gran|brother|sister|son|daughter|wife|husband|mam)) (went|is|are|has gone|have gone|s gone)",
                "(die|dying|death|dead|my own hand|anniversary|grave) ~~8 (go and|to) (join|be with) (him|her|them|mum|dad|nan|gran|my (wife|husband|son|daughter|mum|dad))",
                "soon (ill|i will|i ll) [<A>] (just)? be (a name|a memory|a photo|a photograph|a statistic|ashes|a headline|the one who died|a story)",
                "(the)? (mum|dad|girl|boy|kid|man|woman|lad|teacher|nurse|one) who (died|killed herself|killed himself|took her own life|took his own life|jumped)",
                "(nobody|no one|noone) (will|ll|would) (have to|need to) ~4 (me|about me|round me|around me|after me) (ever again|again|anymore|any more|much longer|for much longer)",
                "(no|not|never|nae) coming back (from|fae) (it|this)",
                "make it (all)? stop ~~4 (properly|for good|forever|permanently|this time|no coming back)",
                "(wont|will not) be (here|around) to (see|open|watch|celebrate) ~~12 (suspects|suspect|notices|guesses|suspecting|realise|realises)",
                "(suspects|suspect|notices|guesses|suspecting) ~~12 (wont|will not) be (here|around) to (see|open|watch|celebrate)",
                "(ready|prepared|sorted|set) for (the day|when|the night) (i|ill) (die|go|am gone|m gone)",
                "(then|and then) (im|i am|ill be|i will be) (done|gone|finished|out) (for good|forever|permanently)",
                "(everyone|everybody|nobody|no one) (will be|ll be|is|s) (gone|away|out|asleep|home) ~~12 (roof|bridge|tablets|pills|rope|garage|doesnt lock|does not lock|wont be found|not be found)",
                "(cover|drown out|hide|mask) the (noise|sound|bang|shot|gunshot)",
                "(picked|chosen|chose|found|decided on) (the|a) (place|spot|location|method|way) $",
                "plan $ ~~3 (monday|tuesday|wednesday|thursday|friday|saturday|sunday|tonight|tomorrow) ~~14 (enough time|on lates|out till|wont be back|nobody|no one)",
            ],
            unlessEntryMentions: "leaving a job"),

        // MARK: Addressed to oneself (more)

        SafetyPhraseGroup(
            name: "suicidal thoughts: orders to oneself",
            note: "The writer ordering or allowing themselves to die: you're allowed to die, you don't deserve to wake up, make sure you're dead by morning, hurry up and die, remember why you bought the rope, don't come back from the walk.",
            phrases: [
                "(you|youre|you are|ya|yer|u) ~4 (allowed|deserve|deserving|meant|supposed|going|need|ought|have) to (die|be dead|kill yourself|end it|not wake up|end your life)",
                "(you|youre|you|u) (dont|do not|dont even) deserve to (wake up|live|be alive|be here|exist|breathe)",
                "(make sure|be sure) (youre|you are|you re|you) (dead|gone|not here|not breathing)",
                "(hurry up and|go on and|go on then|just go and|swallow the lot and|swallow them and|jump and|and just) [<A>] (die|be dead|jump|swallow)",
                "(walk|go|drive) to the (bridge|edge|cliff|cliffs|tracks|river|sea|roof|station) ~~4 (jump|and jump|be dead|end it|step off)",
                "(remember|you know) (why|what) (you|u) (bought|got|have|kept|saved|need|ordered) (the|that|those)? ~2 (rope|pills|tablets|blade|blades|razor|it|them|<MEDS>) (for)?",
                "(you know what|youve got to|you ve got to|you have to|you got to) ~4 (do|tonight) ~~8 (dont|do not) (bottle it|lose your nerve|chicken out|back out|wimp out|bottle)",
                "(youve got|you have|you got|you ve got) (the|your|all the|enough) (tablets|pills|rope|blade|blades|<MEDS>) ~~12 (what are you waiting for|do it|go on|now)",
                "(dont|do not) come back from the (walk|drive|river|sea|bridge|swim|beach|cliffs|hills)",
                "(go|cut) deeper (this time|tonight|next time)",
                "(just|jist|stop being (such)? a coward and|so|and|go|go on) (kill|unalive|off|top) (yourself|yersel|yerself|urself|your self) !(over|with|trying|for|laughing|working|at)",
                "(body|skin|arms) (should|must|deserves to|needs to|has to) (pay|suffer|hurt|bleed|be punished)",
            ]),

        // MARK: Method, preparation and relapse (more)

        SafetyPhraseGroup(
            name: "method and preparation: further signs",
            note: "A means hidden or taken out to look at; the cord from last time; a height looked up; the gas tap; a cover story for giving things away; not needing money where one is headed; the care of a pet arranged in case anything happens.",
            phrases: [
                "(rope|noose|blades|pills|tablets|cord|belt) ~~10 (hid|hidden|hiding|hide) (it|them)",
                "(rope|noose|cord|blade|blades|pills|tablets) ~~14 (look at it|looking at it|looked at it|to look at (it|them)|look at them|looking at them|keep opening)",
                "(knife|knives|scissors|blade|blades|razor|razors) ~~8 (and then|then|back) (at)? my (arm|arms|wrist|wrists|thigh|thighs|skin)",
                "(cliffs|cliff|bridge|drop|building|car park|multistorey|multi storey|tower|viaduct|balcony|roof|floor|headland) ~6 (#num|sixty|forty|fifty|thirty|twenty|hundred|a hundred) (metres|meters|feet|foot|m|ft|floors|storeys|stories) ~~6 (looked it up|checked|googled|i looked|measured)",
                "(cord|rope|belt|blade|blades|pills|tablets|noose|ligature) from (last time|the last time|before|my attempt|the attempt)",
                "(attempt|overdose|it|that) (didnt|did not) work ~~10 (because|i know more|next time|this time|enough|wont make)",
                "(know|learned|learnt|know a lot) more now ~~6 (attempt|last time|next time|enough)",
                "(attempt|overdose|scars|last time|tablets|tried) ~~14 (finish|finishing|finished) what i (started|began)",
                "finishing what i started ~~8 (scars|attempt|last time|tablets)",
                "(not sure|dont know if|dont think|do not think) i (want to|wanna|will|would|could) survive (the next|another|next time|it again|the next one)",
                "(should have|shouldve|should of|next time ill|next time i will) (chosen|picked|gone for|used|taken|choose|pick|use|take) (a)? (higher|taller|bigger|more|stronger|deeper|faster) (floor|building|bridge|dose|pills|tablets|ones|drop)",
                "(going back|went back|keep going back|been going back|kept going back) to (that|the same) (beach|bridge|spot|place|river|cliff|car park|station|platform) ~~10 (every|again|tonight|this week)?",
                "(once before|last time|the first time|pulled me out|found me|dragged me out) ~~14 (going back|been going back|keep going back|went back) to (that|the)",
                "how (much)? longer i can keep (that|my|this|the) promise",
                "(said|told|telling|saying|tell) ~6 (i was|im|i am|i m) (going|off|moving|leaving|travelling|traveling|away) ~~8 (there is no|theres no|there isnt (a|any)|isnt any|no (trip|holiday|job|move|travelling))",
                "(wont|will not|dont|do not|not going to) need ~4 where (im|i am|i m) (going|headed|heading|off to)",
                "(not|wont|dont) (planning|going|expecting) to need (anywhere|anything|a (place|home|flat)|it|them|money)",
                "(gave|giving|given) away (my|all my|most of my) ~~16 (asking why|ask why|say im|told them im|pretend|pretending|excuse|decluttering|clear out)",
                "(said|say|saying) ~3 goodbyes ~4 without ~2 (realising|realizing|knowing|noticing|suspecting)",
                "(take|have|look after|mind|keep|feed) (the|my) (cat|dog|kids|children|pets|rabbit|hamster|dogs|cats) ~~6 if anything (happened|happens|were to happen|should happen) to me",
                "(list|note) of who (gets|should get|can have|has) (what|my) !(for (secret santa|christmas|the party|the raffle))",
                "(door|hatch|access) to the roof (doesnt|does not|isnt|is not|wont) (lock|locked)",
                "(sat|stood|standing|sitting|leaned|leaning|perched) (on|at|over) (the)? (parapet|ledge|railing|railings|edge of the roof|rail) ~~14 (thought|thinking|wondered|wondering|how (quick|quickly|easy|easily|long))",
                "(turbulence|crash|crashing|going down|engine|plane|lorry|swerve) ~~14 (let it happen|let it|good, let it)",
                "(wouldnt|would not|didnt|wont|did not) (swerve|brake|move|get out of the way|fight it|try to get out) ~~8 (let it|kill me|take me|die|dead)",
                "(wished|wish|hoped|hoping|wishing) (the|a) (bus|train|car|lorry|truck|van) (wouldnt|would not|didnt|doesnt|wont) (stop|brake|see me|swerve|slow down)",
                "(hoping|hope|wish|wishing|praying|pray|hoped) ~3 (the)? (cancer|tumour|tumor|illness|disease|lump) (comes|will come|would come|came|is|was) (back|terminal|spreading|malignant)",
                "(hoping|hoped|hope|wish|wished|wishing) (we|wed|the plane|it) (would|d|will)? (go down|crash|come down|fall) ~~6 (die|dead|relieved|id)",
                "if (a|the|some) ~2 (driver|drunk driver|car|bus|lorry|truck) (took me out|hit me|killed me|ran me over|got me) ~~10 (ok|okay|fine|alright|relief|wouldnt mind|grateful|glad)",
                "(opened|reopened|re opened|opening|reopening) (up)? (the|my)? (old)? (cuts|wounds|scars|scabs)",
                "(pressing|press|pressed|put|putting|holding|hold|held) (the|a|my)? (iron|lighter|cigarette|hot spoon|kettle|straighteners|curling tongs|knife|blade) (onto|on|against|to|into) my <BODY>",
                "(take|taking|took) (a|the|my) <IMPLEMENT> (to|on|across) my <BODY>",
                "(emojiweapon|blade|blades) ~~4 (blood) ~~4 (me|myself|tonight)",
                "emojideath me (soon|now|tonight|pls|please)",
                "(scared|afraid|frightened|terrified) of (myself|what i might do|what id do|what i could do)",
                "(break|rest|relief|holiday|time off) from me ~~4 (permanent|permanently|for good|forever)",
                "better off ~6 than with me",
                "(better off|happier) with ~4 (payout|money|insurance) ~6 than (with)? me",
            ]),

        SafetyPhraseGroup(
            name: "self-injury: relapse (further signs)",
            note: "Free of self-harm until now; clean of it since a date and covered again; plasters bought again; a streak in months thrown away; the other thing, not drink.",
            phrases: [
                "(<SELFHARM>|harm|cutting|<SH>) free ~~12 (bin|threw|over|gone|broke|ruined|lost|ended|again|tonight)",
                "(clean|free) (of|from) (it|that) since ~~10 (now|again|covered|arm|arms|plasters|tonight|marks)",
                "my (arm|arms|wrist|wrists|thigh|thighs) (are|is|s)? [<A>] (covered|a mess|shredded|cut up) ($|again|tonight|now)",
                "(buy|bought|buying|get|got|getting) (more)? (plasters|bandages|steri strips|dressings|gauze) ~~8 (old habits|again|hide|sleeves)",
                "(clean|free) (from|of) (cutting|<SH>|<SELFHARM>|harm|burning|scratching) ~~8 (was $|0 again|zero again|back to (0|zero)|its 0|reset|gone)",
                "<NUMW> (days|weeks|months|years) (without|free of|clean of|no|clean from|free from) (<SELFHARM>|<SH>|cutting|harm|hurting myself|burning myself) ~~10 (threw|throw|ruined|blew|broke|lost|gone|over|and then|until|til|till|relapsed|slipped|wasted)",
                "(the other thing|not (the)? (drink|drinking|booze|alcohol|drugs)) ~~6 (arms|wrists|thighs|cutting|blade|razor|scars)",
                "(counter|count|streak|clock|days) ~3 (reset|back) to (0|zero|day one|day 1) ~~10 (didnt (even)? try to stop|blade|box|marks|scars|cutting|<SH>|open again)",
            ]),

        // MARK: The writer's own death, in any mood

        SafetyPhraseGroup(
            name: "death of oneself: wished, intended or weighed",
            note: "The writer as the one who dies, with a modal, a wish, an intention or a judgement right before it (I could die, I'll be dead by Saturday, I'd be better dead, I should be content to die, I'd rather be gone, after that I can die), unless a figurative complement follows (die of embarrassment, die laughing, die for a coffee, dead tired). My death as something planned, blamed or welcomed; death invited to come; me dead as the answer.",
            phrases: [
                "(i|id|ill|im|ive|i d|i ll|i m|i am|i was|ah|ahd|ahll|ahm) [<A>] <AUX> [<A>] [<AUX>] [<A>] [<AUX>] [<A>] (die|be dead|dead|be in the ground|be no more|not exist|stop existing|be deid|deid|be six feet under) !<DIEFIG>",
                "(i|id|ill|im|ive|i d|i ll|i m|i am|ah|ahd) [<A>] (would|d|ll|will|should|could|might) [<A>] (rather|sooner|as well|just as well|be better|prefer to|like to|love to|want to|be content to|be happy to|be glad to) [<A>] (just)? (be gone|be gone now|be gone forever|not be here|not be around|be away from all this|stop|go)$",
                "^ (going to|gonna|goin to|about to|ready to|want to|wanna|time to) [<A>] (die|be dead|kill myself|end it|end my life) !<DIEFIG>",
                "(die|end it|go) on my own terms",
                "(i|ill|i will|im going to|i am going to|gonna|im gonna) [<A>] (die|end my life|kill myself) by suicide",
                "(going to|gonna|will|ill|im going to) [<A>] do it ~~2 (<SUICIDE>|kill myself|end it)",
                "(for|in readiness for|intend|intended|intending|planning|planned|plan|arrange|arranging|after|before|blame anyone for|to blame for|responsible for|cause of|bring about|towards|welcome|wish for|hope for|dream of|dreaming of|longing for|imagine|imagining|picture|picturing|fantasise about|fantasize about|prepare for|preparing for|ready for) [<A>] my (own)? (death|suicide|demise) !(metal|scene|wish list|row|stare|grip|trap|knell|toll|by chocolate|by (a thousand|spreadsheet|meetings|paperwork|admin))",
                "(with|once|if|when|is|be|leave|leaves|see|saw) (me|myself) (dead|being dead|in the ground|in a box|six feet under|in my grave|out of the way for good|gone for good)",
                "(better off|fix|solution|answer|way out) ~4 (burying me|bury me|me being dead|me dead|me in the ground|me gone)",
                "(let|may|wish|hope|praying|pray|that|if|when|for) ~2 death (come|comes|would come|will come|to come|take|takes|came|find|finds) (for)? (me|by itself|quietly|soon|for me|tonight|in my sleep)",
                "(welcome|welcomed|embrace|embraced|await|awaiting|long for|longing for|wish for|wishing for|hope for|hoping for|pray for|praying for|court|courting|seek|seeking|crave|craving|invite|inviting) (death|my death|the end|my end|the grave)",
                "(make|made|making) (myself|me) dead",
                "(do|doing|did|done) away with <MYSELF>",
                "(do|doing|did) (myself|me) (harm|some harm|damage|serious harm)",
                "(self destruction|self destruct|self destructing|destroy myself|destroying myself) !(button|sequence|mode|timer)",
                "(favour|favor|kindness|mercy|gift|service|relief) (to|for)? ~3 by (dying|being dead|killing myself|ending it|not being here|disappearing|going for good)",
                "(better|easier|best|kinder) (for (them|everyone|her|him|my family|all|everybody|us))? (that|if) (i|id) [<A>] (die|died|was dead|were dead|am dead|go|went|wasnt here|was gone)",
                "my (departure|absence|death|passing|disappearance|exit|being gone) (would|will|could|might) [<A>] (relieve|free|help|be a relief|be a kindness|be a mercy|be better|ease|lighten|solve|fix)",
                "if i [<A>] (got|get|was|were) [<A>] (hit|run over|knocked down|killed) ~~6 (and died)? ~~10 (relieved|relief|grateful|glad|fine|okay|ok|happy|thankful)",
                "if i [<A>] (went|fell|drove|walked|crashed|slipped|stepped|jumped) ~~14 (call|called|think|thought|say|said) it (was)? (an)? (accident|accidental|misadventure)",
                "<DESIRE> [<A>] to [<A>] (<SUICIDE>|commit suicide|make suicide|do suicide)",
                "(id|i would|i d|i) [<A>] (like|love|want) to [<A>] (go to sleep|fall asleep|sleep) ~3 and [<A>] (not|never) [<A>] (have to)? [<A>] wake up",
                "(jump|step|fall|drop|go over|drive off|drown|hang) (and|an|n|then) (die|be dead|thats me|that s me|its over)",
                "(drink|swallow|take|inject|eat|drinking|swallowing|taking|injecting|eating) (it|them|all of it|the lot|all of them|everything) (all)? (at once|in one go)? ~2 (and|then) [<A>] (die|be dead|dying|not wake up)",
                "(thats|that s|then its|then thats) me (dead|gone|done|finished) !(tired|beat|on)",
                "(wish|wishing|wished) (that)? (i|id|i d) (was|were|had|d|wis) [<A>] (dead|died|been killed|not survived|not come home|deid|never woken)",
                "(should have|shouldve|should of|ought to have) been me (that|who|instead|in the box|in the ground|not)",
                "(thought|idea|urge|pull|voice|impulse) (came|comes|come|keeps coming|that) ~4 (that)? (i|me) (should|could|would|must|ought to)? ~3 (die|kill myself|jump|drink it|end it|swallow|take them all|do it)",
                "<INTENT> ~4 (falling|jumping|stepping|going over|throwing myself|fall|jump|step|go over|climb over|climbing over) (off|from|over)? (there|here|it|the (balcony|edge|side|roof|bridge|cliff|terrace|window|ledge|top|railing|wall|parapet))",
                "(easy|simple|quick) (it would be|itd be|it d be|it would|to)? ~2 (climb|step|jump|go|fall|walk|lean) (over|off|in front|out) ~6 (and)? (finish|end|be done with) (everything|it all|it|life)",
                "(and|to) be done with (everything|it all|life|all of it|the lot|being alive)",
                "(worked out|work out|know|knew|decided|chosen|picked|thought about|thinking about|think about) (exactly)? where (id|i would|i d|ill|i will|to|i should|i could) (go off|jump|step off|go over|fall|do it|cut|slice|aim|go in)",
                "in case (i am|im|i m|i was|i wasnt|i am not|im not) [<A>] (no longer|not)? (around|here|alive) (by|at|after|before|next|anymore|any more|$)",
                "(would|will|could) i be dead (straight away|instantly|immediately|quickly|before|at once)",
                "(the)? (drop|fall|height|impact|water|cold|crash|speed|tablets|pills|dose|lot) (would|will|should|could|d) (surely)? kill me",
                "(carried|pulled|go|went|going|slip|slipped|sink|sank) under and (not|never) (come|came) (up|back)",
                "(not|never) (open|opening) my eyes again",
                "(choice|chance|option|offer|offered|button) ~6 (die|not wake up|be dead|stop existing|never wake up) ~~8 (take it|say yes|id take|i d take|jump at|press it|in a heartbeat)",
                "(not mind|wouldnt mind|dont mind|wouldnt care|id not mind|i d not mind|not care) if my heart (just)? (gave out|stopped|gives out|stops|packed in|gave up)",
                "rather (die|be dead|be gone) (now|today|tonight|young|soon|before|than (go on|carry on|live|do|spend|face|keep))",
                "(except|apart from|other than) (the|that)? one way",
                "(better|best|easier) (that)? (i|if i) (go|leave|depart|went|left) (from)? (this|the) (world|life|earth)",
                "(tired|sick|weary) (to|of) (be|being) alive",
                "(idea|ideas|thought|thoughts|urge|urges) (to|of|about) (make|do|commit|commiting|committing|doing)? (<SUICIDE>|self destruction|killing myself|ending (it|my life)|doing away with myself|taking my (own)? life)",
                "(think|thinks|thought|imagine|they ll think|theyll think|believe|say|call it|look like|looks like|pass for|seem like|seems like) ~3 (i died|it was|its|it s) (by accident|an accident|accidental)",
                "(might|may|probably wont|might not|may not) (not)? (come|get|make it) home (next time|one day|one of these (days|nights)|tonight)",
                "(stop|stopped) fighting (it|this) ~~10 (thanks for everything|sorry|goodbye|bye|love you)",
                "(tonight|tonights the night|tonight s the night) ~4 (i)? stop fighting",
                "(shant|shan t|shall not|wont|will not|wont be|will not be) (be)? needing (anything|it|them|anything else|much) ~4 after (tonight|today|this|tomorrow)",
                "(no longer|ceased to|stopped|dont|do not) (wish|want|wanting|wishing) to (continue|go on|carry on|exist) ($|<ANYMORE>|like this)",
                "(there s|theres|there is) no me (after|without|once)",
                "(im|i am|i m) (no|not) (gonna|going to) be (here|around) (much longer|for much longer|long)",
                "(made|making) (my)? peace (with|wi) (it|dying|that|going|the end)",
                "(see|saw) to it (myself|my self)",
                "(rope|noose|hook|beam|rail) ~~8 (dying|die|hanging) like that",
                "all (i|id) [<A>] (can|could)? (think about|think of|want|wanted) (is|s|was) [<A>] (<SUICIDE>|killing myself|ending it|dying|death|being dead|<SELFHARM>|cutting)",
                "(swallowing|swallow|taking|take|injecting|inject|drinking|drink) ~4 (all of it|the lot|them all|all of them|everything|all of) ~~6 (and)? (just)? (dying|die|be dead)",
                "<POISON> ~~10 (drink it|swallow it|drink some|drinking it|and die|to die|kill me|be dead)",
                "(bought|buying|got|have) (the|some|a bottle of|a tin of)? <POISON> ~~12 (friday|saturday|sunday|monday|tuesday|wednesday|thursday|tonight|tomorrow|will be dead|planned)",
                "(notice|find|know|realise|realize) ~3 (until|till|before) (i am|im|i m|i was|i ll be|ill be) dead",
                "<IWILL> [<A>] (be dead|die) before (she|he|they|anyone|mum|dad|mam|my (wife|husband|partner)) (is|s|gets|get|comes|come)",
                "(garage|car|exhaust|ute|van) ~~8 (a|the) (hosepipe|hose)",
                "(quarry|cliff|cliffs|bridge|roof|reservoir|woods|forest|lake|tracks) ~~10 (nobody|no one) (goes|will (see|find|look|be)|comes) (up|out|down)? there",
                "(keep|take|have|mind|look after|feed) (the|my) (dog|cat|kids|children|pets|rabbit|hamster|dogs|cats) ~~8 if (i|im) (wasnt|werent|was not|not|am not) (around|here)",
                "(press|pressing|hold|holding|put|putting) my <BODY> (on|against|to|onto) (the)? (hob|iron|oven|kettle|radiator|flame|stove|cooker|fire)",
                "(urge|pull|impulse|want|wanting|need|itch) to ~2 (smash|bang|hit|slam|bash) my (own)? (head|fist|hand|arm|face) (into|against|on|off)",
                "(this|it|that) (is|was|s) (<SELFHARM>|self harming) ~~4 (i know|isnt it|i think|i know it)",
                "(pulled|pulling|pull|ripped|ripping) my hair out in (patches|clumps|chunks|handfuls|tufts)",
                "(fell|slipped|went|gone) back into it ~~10 (cutting|<SH>|<SELFHARM>|zero|count|scars|blade)",
                "(no|without) (cutting|<SH>|<SELFHARM>|harming|harm) ~~10 (fell back|slipped|back into it|again from zero|from zero|back to zero|cut again)",
                "^ (cut|burned|burnt|cutted) [<A>] (tonight|last night|again|today|this morning) !(the|my hair|my fringe|back|it|down|out|off|costs|corners|class|school|ties|some|a|an)",
                "(insurance|policy) ~~20 (pays out on|pay out on|cover|covers) (a)? (<SUICIDE>|suicide)",
                "(transferred|transferring|moved|gave|giving) (all)? my (savings|money) to",
                "(letter|letters|note|notes) (for|to) ~3 ~~6 for after $",
            ]),

        // MARK: Slang, lists and registers

        SafetyPhraseGroup(
            name: "wanting to die: slang, lists and emoji",
            note: "Wanting to be unalive or 💀 said in earnest; a list item 'to be dead' under a heading of wants; neck myself (British slang); finishing oneself off.",
            phrases: [
                "<DESIRE> [<A>] to [<A>] be [<A>] (unalive|emojideath) ($|for real|fr|not joking|like actually|actually|genuinely|not the funny|<TIME>|<ANYMORE>)",
                "(die|dying|to die|be dead|being dead|dead|not exist|not existing|not wake up|not waking up|death|to not wake up|kill myself|killing myself|end it|ending it) ~~2 (thats|that is|its|it is|is) (what|all) (i|id) [<A>] (want|need|wish for|think about|long for|crave)",
                "(want|wants|wish|wishlist|list|need|needs|wishes) ~~24 ^ [and] to [<A>] (die|be dead|not exist|not wake up|kill myself|end it all|end my life|stop existing|disappear forever|not be here|not be alive|be gone)",
                "(neck|necking|necked) <MYSELF>",
                "(finish|finishing|finished) <MYSELF> off",
            ]),
    ]
}
