"""Build the eighth blind natural-claims set (blind_natural_v8.jsonl) and check every label.

The claims below were written by hand, as people write them (encyclopedia sentences, news ledes,
social-media posts), without reading how kgfc reads claims, its tests, its development sets or the
claims of the earlier blind sets. Every claim's main entity (its subject, the first entity of its
pattern) has an even Q-number and was used by none of the seven earlier blind sets. Each line holds

    style | label | relation | check | SPARQL pattern | claim

style: e(ncyclopedia), j(ournalist), s(ocial); label: S(UPPORTED), R(EFUTED), N(OT ENOUGH INFO).
The check says what the pattern must give over the demo KG (``Q..`` is ``wd:Q..``, ``P..`` is
``wdt:P..``):

    yes      ASK { pattern } is true          (the claim's facts are stated)
    no       ASK { pattern } is false         (the fact is not stated)
    one=Qx   SELECT ?o { pattern } is exactly Qx (a single value that differs from the claim's)
    none     SELECT ?o { pattern } is empty   (no value at all)

A check may end in ``~Qa,Qb``: entities the claim names that are not in the pattern (the wrong
value of a REFUTED claim, the place or person of a NOT ENOUGH INFO claim). They must have labels
too, and a ``one=`` value must differ from every one of them.

The script runs every query on the demo KG (pyoxigraph, union of its graphs) and refuses to write
anything if a query disagrees, an entity has no label, a subject has an odd Q-number or was used
by an earlier blind set, a subject is used more than three times, two claims repeat, a REFUTED
chain does not have exactly one value at every hop, a style falls outside 90 to 110 claims, or
the balance drifts. Then it writes the JSON-lines set and its description.

    python benchmarks/build_blind_natural_v8.py

Never tune kgfc on this set.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dataset_build import (  # noqa: E402
    BLIND_BALANCE,
    build,
    check_fits_label,
    claim_set,
    subjects_new_to,
    subjects_of_parity,
)

CLAIMS = """
j | R | P26 | one=Q44221~Q95030 | Q1744 P26 ?o | Madonna, once married to Warren Beatty, is set to direct a biopic of her own life, the studio confirmed on Tuesday.
e | S | P140 | yes | Q108560 P140 Q432 | A. R. Rahman, who converted in his twenties, is a follower of Islam.
j | N | P20 | none~Q1428 | Q217160 P20 ?o | Kenny Rogers, who died at his home in Georgia in 2020, will be remembered with a tribute album of duets, his family said.
s | S | P361 | yes | Q2632 P361 Q1299 | ringo being the only drummer in the beatles and still getting memed for it is so unfair 🥁
e | N | P166 | none | Q2632 P166 ?o | Ringo Starr was made a Knight Bachelor in the 2018 New Year Honours for services to music.
j | N | P19 | none~Q18424 | Q6060 P19 ?o | 50 Cent, the rapper who grew up in Queens, where he was born, announced a new television drama set in his old neighbourhood.
e | N | P26 | none | Q144622 P26 ?o | Phil Collins, a former drummer and singer of Genesis, was married three times, most recently to Orianne Cevey.
j | R | P19 | one=Q16739~Q487119 | Q6096 P19 ?o | Snoop Dogg, who was born and raised in Compton, will serve as a special correspondent at the Olympic Games, the broadcaster said.
e | S | P140 | yes | Q6096 P140 Q432 | Snoop Dogg, the West Coast rapper, is recorded as an adherent of Islam.
s | S | P69 | yes | Q180224 P69 Q1185037 | lenny kravitz went to beverly hills high, the same hallways as half of hollywood's kids 😭
j | S | P19+P20 | yes | Q184226 P19 Q90 . Q184226 P20 Q90 | Gilles Deleuze, the philosopher who was born and died in Paris, is the subject of a major retrospective opening at the Pompidou Centre.
s | R | P20 | one=Q90~Q456 | Q184226 P20 ?o | deleuze died in lyon? thought he was a paris guy thru and thru 🤔 anyway a thousand plateaus broke my brain
j | S | P264 | yes | Q336640 P264 Q1849138 | David Byrne, who records for Nonesuch Records, has announced a Broadway revival of his stage show American Utopia.
s | R | P19 | one=Q1297~Q12439 | Q286022 P19 ?o | common is a detroit legend tbh, born there and everything
j | S | P136 | yes | Q286022 P136 Q438503 | Common, the rapper and actor known for alternative hip hop, will star in a new legal drama on network television.
e | S | P172 | yes | Q286022 P172 Q49085 | Common, an Academy Award winner for the song Glory, is African American.
s | N | P19 | none~Q18424 | Q22686 P19 ?o | trump was born in queens and never lets anyone forget it 🙄
j | S | P140 | yes | Q22686 P140 Q178169 | Donald Trump, a Presbyterian, attended a prayer breakfast in Washington on Thursday.
s | N | P20 | none | Q19526 P20 ?o | maya angelou passed away in winston-salem, north carolina and i still think about her words every day 🕊️
j | R | P26 | one=Q235066~Q44634 | Q189080 P26 ?o | Lou Reed, who was married to the singer Nico, is the subject of a new exhibition of photographs in New York.
s | R | P1303 | yes | Q484302 P1303 Q5994 | hetfield has never touched a piano in his life, the man is pure downpicking 🤘
e | S | P136 | yes | Q484302 P136 Q483352 | James Hetfield, the rhythm guitarist and lead vocalist of Metallica, is associated with thrash metal.
s | S | P3373 | yes | Q11998 P3373 Q188461 | kylie and dannii being sisters and both having pop careers is honestly iconic 💖
j | R | P20 | one=Q1761~Q10686 | Q93356 P20 ?o | Seamus Heaney, who died in Belfast in 2013, is to be honoured with a new literary centre in his native county.
s | N | P19 | none | Q93356 P19 ?o | seamus heaney was born on a farm in county derry and you can feel it in every single poem 🌾
e | S | P737 | yes | Q224650 P737 Q205721 | Sarah McLachlan, the Canadian singer who founded the Lilith Fair tour, was influenced by Joni Mitchell.
j | R | P20 | one=Q60~Q6346 | Q49074 P20 ?o | Kurt Vonnegut, who died in his hometown of Indianapolis, is the subject of a new museum exhibition opening next week.
e | S | P737 | yes | Q438164 P737 Q6882 | Samuel R. Delany, the science fiction writer and critic, was influenced by James Joyce.
s | R | P19 | one=Q25395~Q975 | Q169452 P19 ?o | shaq is from san antonio!! born there, that's why the spurs thing made sense 🏀
e | S | P641 | yes | Q169452 P641 Q5372 | Shaquille O'Neal, one of the most dominant centers of his era, played basketball.
j | N | P26 | none | Q169452 P26 ?o | Shaquille O'Neal, who was married to the television producer Shaunie O'Neal, joined a new sports network as a studio analyst on Monday.
s | S | P451 | yes | Q155700 P451 Q36844 | chris brown and rihanna dating was a whole era and not a good one tbh
s | N | P19 | none | Q77112 P19 ?o | david foster born in victoria bc, the man has produced literally everyone 🎹
s | S | P551 | yes | Q5608 P551 Q12439 | eminem repping detroit forever, 8 mile road is basically a landmark now
j | R | P19 | one=Q2807~Q8652 | Q47122 P19 ?o | Enrique Iglesias, the Miami-born singer, will headline a New Year's Eve concert in Madrid.
e | S | P136 | yes | Q47122 P136 Q547137 | Enrique Iglesias, son of the singer Julio Iglesias, is among the best-selling artists in Latin pop.
j | N | P166 | none | Q215300 P166 ?o | Jordin Sparks, the winner of the sixth season of American Idol and a Grammy nominee, will return to Broadway this autumn.
s | S | P3373 | yes | Q188482 P3373 Q296872 | robin and barry gibb were brothers AND bandmates, the bee gees harmonies were genetic 🎶
e | S | P102 | yes | Q188482 P102 Q9630 | Robin Gibb, a co-founder of the Bee Gees, was a supporter of the Labour Party.
j | R | P20 | one=Q84~Q18125 | Q188482 P20 ?o | Robin Gibb, who died in Manchester in 2012, will be honoured with a statue in the town where the Bee Gees grew up.
j | N | P166 | none | Q111436 P166 ?o | Elmer Bernstein, who won an Academy Award for Thoroughly Modern Millie, is the subject of a new box set of his film scores.
s | N | P19 | none | Q636 P19 ?o | kate bush was born in bexleyheath and still lives in the middle of nowhere, mysterious queen 🌙
e | S | P737 | yes | Q4960 P737 Q29250 | Jason Lee, a former professional skateboarder turned actor, was influenced by Bill Murray.
j | R | P19 | one=Q1218~Q33935 | Q37876 P19 ?o | Natalie Portman, the Tel Aviv-born actress, will direct an adaptation of an Israeli novel, the producers said.
e | S | P27 | yes | Q37876 P27 Q30 . Q37876 P27 Q801 | Natalie Portman holds citizenship of both the United States and Israel.
j | R | P19 | one=Q23768~Q65 | Q193710 P19 ?o | Ne-Yo, the singer who was born in Los Angeles, announced a residency at a Las Vegas hotel on Wednesday.
e | R | P19 | one=Q36091~Q1297 | Q107730 P19 ?o | Vince Vaughn, the actor known for Wedding Crashers, was born in Chicago.
j | N | P19 | none | Q8016 P19 ?o | Winston Churchill, who was born at Blenheim Palace in Oxfordshire, is to feature on a new commemorative coin.
s | S | P1050 | yes | Q533284 P1050 Q12202 | cerati had a stroke after a show in caracas and never woke up 💔 soda stereo forever
e | R | P20 | one=Q1486~Q2887 | Q533284 P20 ?o | Gustavo Cerati, the frontman of Soda Stereo, died in Santiago in 2014.
e | S | P451 | yes | Q4612 P451 Q102813 | Marlene Dietrich, the German-born actress and singer, had a relationship with Yul Brynner.
j | S | P119 | yes | Q4030 P119 Q2000666 | Duke Ellington, who is buried at Woodlawn Cemetery in the Bronx, will be honoured with a jazz festival in Harlem.
s | S | P27 | yes | Q36970 P27 Q30 | jackie chan has us citizenship? that's news to me lmao
j | N | P19 | none~Q8646 | Q36970 P19 ?o | Jackie Chan, who was born in Hong Kong, has announced he will star in a sequel to one of his classic action comedies.
s | R | P19 | one=Q12439~Q16556 | Q332032 P19 ?o | alice cooper was born in phoenix, that's why he's always golfing out there ⛳
j | S | P1303 | yes | Q332032 P1303 Q51290 | Alice Cooper, who plays the harmonica on stage, will open a new season of his radio show next week.
j | R | P19 | one=Q16555~Q65 | Q311450 P19 ?o | Billy Preston, who was born in Los Angeles, will be inducted into a gospel music hall of fame.
e | N | P19 | none~Q1397 | Q232456 P19 ?o | Macy Gray, the singer known for I Try, was born in Ohio.
j | R | P20 | one=Q60~Q34404 | Q134262 P20 ?o | Tennessee Williams, who died in New Orleans, the city of his most famous play, will be honoured at the annual literary festival there.
s | N | P19 | none~Q1494 | Q134262 P19 ?o | tennessee williams was born in mississippi, not tennessee, the name is a lie 😂
j | N | P20 | none | Q83158 P20 ?o | Jean Cocteau, who died at his house in Milly-la-Forêt in 1963, is the subject of a new retrospective at a Paris museum.
s | S | P1303 | yes | Q42402 P1303 Q11405 | andrea bocelli plays the flute too?? is there anything this man can't do 🎶
s | S | P509 | yes | Q281034 P509 Q12152 | harry nilsson died of a heart attack in '94, everybody's talkin still hits
j | R | P20 | one=Q127856~Q23768 | Q269890 P20 ?o | Don Rickles, who died in Las Vegas, the city where he headlined for decades, will be honoured with a casino lounge named after him.
e | R | P19 | one=Q16739~Q2887 | Q232214 P19 ?o | Julieta Venegas, the Mexican singer-songwriter, was born in Santiago.
e | S | P40 | yes | Q184572 P40 Q220918 | Emilio Estevez, the director of The Way, is the son of Martin Sheen, the actor who played President Bartlet in The West Wing.
j | N | P19 | none~Q1397 | Q184572 P19 ?o | Martin Sheen, who was born in Ohio to an Irish mother and a Spanish father, joined protesters outside the White House on Friday.
s | S | chain | yes | Q151814 P26 ?x . ?x P102 Q9626 | sarah brightman's ex husband is a literal tory, who knew 😅
j | S | P102 | yes | Q11816 P102 Q42183 | John Quincy Adams, a member of the Whig Party in his later career, is the subject of a new biography by a Harvard historian.
s | N | P19 | none | Q11816 P19 ?o | jqa was born in braintree massachusetts, which is now quincy, named after his great-grandfather fun fact
s | R | P108 | yes | Q77144 P108 Q131252 | leo strauss never taught at the university of chicago, that's a myth his fans made up
j | R | P20 | one=Q1190590~Q127856 | Q553276 P20 ?o | Steve Allen, the television pioneer who died in Beverly Hills, will have his papers donated to a university library.
e | S | P119 | yes | Q51488 P119 Q1358639 | John Cassavetes, director of Faces and A Woman Under the Influence, is buried in Westwood Village Memorial Park Cemetery.
j | R | P19 | one=Q11299~Q18419 | Q47100 P19 ?o | Ben Stiller, the Brooklyn-born comedian and director, is developing a new workplace thriller for streaming.
j | N | P26 | none | Q44380 P26 ?o | Cameron Diaz, who is married to the musician Benji Madden, is returning to acting after a decade away.
e | S | P69 | yes | Q319084 P69 Q49123 | Al Franken, the comedian who became a senator from Minnesota, graduated from Harvard College.
j | R | P20 | one=Q65~Q60 | Q270560 P20 ?o | Paul Mazursky, who died in New York City in 2014, is the subject of a retrospective at a Los Angeles cinema.
s | S | P102 | yes | Q215546 P102 Q29468 | carrie underwood's a registered republican apparently, shocked absolutely no one
e | N | P19 | none~Q84 | Q202550 P19 ?o | Dido, the English singer whose album No Angel sold millions of copies, was born in London.
j | N | P20 | none | Q11812 P20 ?o | Thomas Jefferson, who died at Monticello on July 4, 1826, will be the focus of a new exhibition on the founding era.
e | S | P108 | yes | Q81244 P108 Q174570 | Karl Popper, the philosopher of science who wrote The Logic of Scientific Discovery, taught at the London School of Economics.
j | R | P20 | one=Q84~Q1741 | Q81244 P20 ?o | Karl Popper, who died in Vienna, the city of his birth, is the subject of a lecture series opening this week.
e | S | P108 | yes | Q76 P108 Q131252 | Barack Obama, the 44th President of the United States, taught at the University of Chicago.
s | S | P551 | yes | Q485310 P551 Q189074 | neil patrick harris lived in harlem with his husband and twins, legendary 🏙️
e | S | P108 | yes | Q47216 P108 Q41506 | Condoleezza Rice, the former United States Secretary of State, has taught at Stanford University.
j | N | P20 | none~Q649 | Q43718 P20 ?o | Nikolai Gogol, who died in Moscow in 1852, is the subject of a new stage adaptation of The Government Inspector.
s | S | P1050 | yes | Q348658 P1050 Q131755 | adam ant has talked openly about his bipolar disorder, respect for that 🙏 stand and deliver
e | S | P136 | yes | Q348658 P136 Q187760 | Adam Ant, the English singer who fronted Adam and the Ants, is associated with new wave music.
s | R | P19 | one=Q18419~Q49218 | Q335680 P19 ?o | jimmy fallon was born in rochester ny which is why he's so nice lol
j | S | P102 | yes | Q335680 P102 Q29552 | Jimmy Fallon, a registered Democrat, faced criticism on Tuesday for his interview with a presidential candidate.
e | R | P19 | one=Q4093~Q23436 | Q24632 P19 ?o | John Barrowman, the Scottish-American actor best known for Doctor Who, was born in Edinburgh.
s | S | P551 | yes | Q24632 P551 Q16552 | john barrowman lives in san diego?? thought he was still in glasgow
j | R | P20 | one=Q34006~Q1297 | Q207544 P20 ?o | L. Frank Baum, who died in Chicago, where he wrote The Wonderful Wizard of Oz, will be honoured with a new statue in the city.
j | S | P3373 | yes | Q170572 P3373 Q313546 | Alec Baldwin, whose brother William Baldwin is also an actor, will return to the stage in a Broadway revival.
s | R | P26 | yes | Q170572 P26 Q131380 | alec baldwin and kim basinger were never actually married, they just had a kid together
s | S | P509 | yes | Q128560 P509 Q29496 | graham greene died of leukemia in switzerland, 86 yrs old, what a life ✍️
j | S | P509 | yes | Q104340 P509 Q181257 | Harold Lloyd, who died of prostate cancer in 1971, will have his home opened to the public for the first time.
j | N | P19 | none~Q804 | Q10390 P19 ?o | John McCain, who was born in Panama, is the subject of a new documentary airing on the anniversary of his death.
j | S | P19+P20 | yes | Q100440 P19 Q16558 . Q100440 P20 Q16557 | Larry Hagman, the Dallas star who was born in Fort Worth and died in Dallas, is the subject of a new exhibition in Texas.
s | R | P19 | one=Q365~Q64 | Q44634 P19 ?o | nico was born in berlin and you can hear the cold war in her voice idk
s | S | P69 | yes | Q44414 P69 Q248970 | trey parker went to berklee??? the south park songs make so much sense now
j | R | P19 | one=Q12439~Q1297 | Q36290 P19 ?o | Diana Ross, the Chicago-born singer, will headline a festival on Detroit's riverfront this summer.
j | N | P20 | none | Q35610 P20 ?o | Arthur Conan Doyle, who died in Crowborough, East Sussex, in 1930, will be commemorated with a new blue plaque in London.
j | R | P20 | one=Q23197~Q44989 | Q319374 P20 ?o | Leon Russell, who died in Tulsa, the city whose sound he helped define, will have a museum dedicated to him.
s | R | P19 | one=Q1761~Q1218 | Q296616 P19 ?o | gabriel byrne was born in jerusalem?? didn't expect that from an irish actor
j | S | P509 | yes | Q283988 P509 Q47912 | Roddy McDowall, who died of lung cancer in 1998, is the subject of a new book of his celebrity photographs.
j | N | P463 | none | Q282002 P463 ?o | Michael McDonald, a former member of the Doobie Brothers, will sing with his old band at a festival this summer.
j | N | P19 | none | Q25014 P19 ?o | John Cleese, who was born in Weston-super-Mare, will bring his one-man show back to the seaside town.
s | S | P136 | yes | Q232052 P136 Q9778 | asia argento also makes electronic music and djs?? the daughter of a horror legend fr
e | R | P19 | one=Q37836~Q65 | Q224026 P19 ?o | Heather Graham, the actress known for Boogie Nights, was born in Los Angeles.
s | S | P451 | yes | Q220918 P451 Q43044 | emilio estevez and demi moore were a brat pack couple, the 80s were so dramatic
j | S | P3373 | yes | Q220918 P3373 Q103939 | Emilio Estevez, whose brother is Charlie Sheen, is returning to the Mighty Ducks franchise as a producer.
e | S | P737 | yes | Q188176 P737 Q9364 | William S. Burroughs, the Beat writer of Naked Lunch, was influenced by Jean-Paul Sartre.
e | S | P19+P20 | yes | Q153018 P19 Q1741 . Q153018 P20 Q1735 | Maximilian Schell, the Austrian-born actor, was born in Vienna and died in Innsbruck.
s | R | P20 | one=Q1735~Q1726 | Q153018 P20 ?o | maximilian schell died in munich i think? judgment at nuremberg is still such a powerful film
e | S | P40 | yes | Q11806 P40 Q11816 | John Adams, the second President of the United States, was the father of John Quincy Adams.
j | R | P19 | one=Q100~Q60 | Q113206 P19 ?o | Clark Gregg, the New York-born actor best known as Agent Coulson, will direct an episode of a new Marvel series.
s | R | P19 | one=Q127856~Q62 | Q106942 P19 ?o | candice bergen is a san francisco girl, born there in the 40s 🌉
e | S | P737 | yes | Q1060636 P737 Q25161 | Daniel Handler, who writes as Lemony Snicket, was influenced by Roald Dahl.
e | S | P27 | yes | Q559844 P27 Q30 . Q559844 P27 Q801 | Haim Saban holds both American and Israeli citizenship.
j | R | P20 | one=Q11299~Q65 | Q40572 P20 ?o | Heath Ledger, who died in Los Angeles in 2008, is the subject of a new documentary by his former co-stars.
e | N | P19 | none | Q40572 P19 ?o | Heath Ledger, the Australian actor who played the Joker in The Dark Knight, was born in Perth.
e | S | P509 | yes | Q382036 P509 Q372701 | Ron Silver, the actor who played Alan Dershowitz in Reversal of Fortune, died of esophageal cancer.
j | S | P69 | yes | Q382036 P69 Q3098911 | Ron Silver, who attended Stuyvesant High School, will be honoured with a scholarship in his name at the school.
e | S | P140 | yes | Q35236 P140 Q170208 | Herbert Hoover, the 31st President of the United States, was a member of the Religious Society of Friends.
j | N | P19 | none~Q262 | Q34670 P19 ?o | Albert Camus, who was born in Algeria, will be celebrated at a literary festival in Oran next month.
s | S | P27 | yes | Q34166 P27 Q145 | slash is british?? the top hat guy from guns n roses?? i'm shook 🎩
e | N | P19 | none~Q84 | Q34166 P19 ?o | Slash, the guitarist of Guns N' Roses, was born in London.
j | R | P19 | one=Q61~Q60 | Q316596 P19 ?o | Justin Theroux, the New York City-born actor, has joined the cast of a new crime series.
s | S | P264 | yes | Q316454 P264 Q1998195 | don henley on asylum records in the 70s, boys of summer came later but still 🌅
j | R | P19 | one=Q61~Q60 | Q219420 P19 ?o | Edward Albee, who was born in New York City and adopted as an infant, is the subject of a new Broadway revival.
s | S | P641 | yes | Q212518 P641 Q5386 | patrick dempsey races cars for real, mcdreamy at le mans 🏎️
j | N | P19 | none | Q212518 P19 ?o | Patrick Dempsey, who was born in Lewiston, Maine, will compete in an endurance race in France this summer.
j | R | P19 | one=Q220~Q490 | Q203840 P19 ?o | Isabella Rossellini, the Milan-born actress and model, opened a farm-to-table project on Long Island on Sunday.
s | S | P451 | yes | Q190998 P451 Q39792 | anjelica huston and jack nicholson were together for like 17 years, hollywood's most on-off couple
j | R | P19 | one=Q47164~Q220 | Q190998 P19 ?o | Anjelica Huston, who was born in Rome while her father was filming in Europe, will publish a third volume of memoirs.
s | S | P551 | yes | Q185724 P551 Q172 | mike myers lived in toronto and still sneaks the maple leafs into every movie 🏒
s | N | P19 | none | Q181774 P19 ?o | ray milland was born in neath, wales, and won an oscar for the lost weekend 🏆
e | S | P641 | yes | Q10738 P641 Q131359 . Q10738 P641 Q41323 | Dwayne Johnson, the actor known as The Rock, competed in both professional wrestling and American football.
e | S | P40 | yes | Q103646 P40 Q229775 | Ron Howard, the director of Apollo 13, is the father of the actress Bryce Dallas Howard.
s | S | chain | yes | Q103646 P40 ?x . ?x P19 Q65 | ron howard's daughter was born in los angeles, nepo baby but a talented one tbh
j | R | P20 | one=Q34006~Q60 | Q93354 P20 ?o | F. Scott Fitzgerald, who died in New York City in 1940, is the subject of a new stage musical opening this autumn.
s | S | P551 | yes | Q60068 P551 Q1352 | thalaivar lives in chennai, the whole city stops when his movie drops 🔥 #Rajinikanth
s | R | P19 | one=Q10686~Q1761 | Q55294 P19 ?o | kenneth branagh is from dublin right? the film belfast confused me
s | N | P19 | none | Q53004 P19 ?o | de sica was born in sora in lazio, i just learned that from a film class lol
e | S | P509 | yes | Q454200 P509 Q188874 . Q454200 P509 Q623031 | Jackie Gleason, the star of The Honeymooners, died of colorectal cancer and liver cancer.
j | N | P19 | none | Q43144 P19 ?o | Sarah Palin, who was born in Sandpoint, Idaho, announced a run for Alaska's only House seat.
e | S | P451 | yes | Q43044 P451 Q220918 | Demi Moore, the star of Ghost, was in a relationship with Emilio Estevez.
s | S | P264 | yes | Q40580 P264 Q238095 | lisa gerrard on 4ad, dead can dance is the most ethereal thing ever recorded ✨
s | S | P140 | yes | Q37388 P140 Q6423963 | francis bacon was anglican fyi, the philosopher not the painter 😂
s | S | P27 | yes | Q369174 P27 Q16 . Q369174 P27 Q30 | tommy chong has canadian and american citizenship, cheech's partner is a canuck 🍁
s | S | P737 | yes | Q352766 P737 Q636 | steven wilson influenced by kate bush, prog and art pop are basically cousins
s | R | P19 | one=Q18383~Q60 | Q350588 P19 ?o | dr luke was born in new york city right?
e | N | P19 | none~Q84 | Q342604 P19 ?o | Idris Elba, the actor who played Stringer Bell in The Wire, was born in London.
j | R | chain | one=Q41819~Q60 | Q165392 P57 ?x . ?x P19 ?o | The director of Gosford Park, who was born in New York City, is the subject of a new documentary about his improvisational methods.
j | S | P840 | yes | Q232774 P840 Q1297 | Transformers: Dark of the Moon, whose final battle tears through Chicago, returns to cinemas in a remastered 3D edition.
e | R | P57 | one=Q59259~Q8877 | Q232774 P57 ?o | Transformers: Dark of the Moon, the third film in the series, was directed by Steven Spielberg.
j | S | P161 | yes | Q208344 P161 Q168763 | Armageddon, the disaster film that starred Liv Tyler, returns to cinemas for its twenty-fifth anniversary.
e | R | P57 | one=Q8877~Q41148 | Q208108 P57 ?o | Catch Me If You Can, the 2002 film about the con artist Frank Abagnale, was directed by Martin Scorsese.
s | R | chain | one=Q60~Q65 | Q182218 P57 ?x . ?x P19 ?o | the guy who directed the avengers was born in LA, hollywood kid through and through
e | R | P57 | one=Q220751~Q56005 | Q219776 P57 ?o | X2, the 2003 sequel to X-Men, was directed by Ridley Scott.
j | N | P840 | no~Q100 | Q219776 P840 Q100 | X2, the superhero sequel partly set in Boston, is being re-released in cinemas for its twentieth anniversary.
j | S | P161 | yes | Q51416 P161 Q313522 | Men in Black, which starred Rip Torn as the head of the agency, is getting a new animated spin-off.
j | R | chain | one=Q37320~Q1345 | Q391784 P57 ?x . ?x P19 ?o | Scream 3, directed by a filmmaker born in Philadelphia, is getting a remastered release on disc.
j | R | P57 | one=Q41148~Q25191 | Q210364 P57 ?o | Shutter Island, the psychological thriller directed by Christopher Nolan, returns to cinemas for a limited run.
e | N | P840 | no~Q100 | Q210364 P840 Q100 | Shutter Island, the 2010 thriller about a psychiatric hospital, is set near Boston.
j | S | chain | yes | Q207698 P57 ?x . ?x P69 Q1753535 | Kingdom of Heaven, whose director studied at the Royal College of Art, is being restored for a new director's cut.
j | N | P161 | no~Q36970 | Q206374 P161 Q36970 | The Expendables, whose cast featured Jackie Chan, is being rebooted with a new ensemble, the studio said.
e | N | P840 | no~Q79 | Q191100 P840 Q79 | Transformers: Revenge of the Fallen, the second film in the series, is set partly in Egypt.
j | S | P161 | yes | Q189330 P161 Q177311 | The Dark Knight Rises, which featured Joseph Gordon-Levitt as a Gotham police officer, returns to IMAX screens this month.
e | R | P57 | one=Q25191~Q56008 | Q166262 P57 ?o | Batman Begins, the 2005 reboot of the Batman films, was directed by Tim Burton.
j | R | chain | one=Q185582~Q65 | Q431252 P57 ?x . ?x P19 ?o | Jackie Brown, made by a director born in Los Angeles, is getting a new 4K restoration.
j | S | chain | yes | Q304488 P57 ?x . ?x P69 Q332342 | The Grifters, whose director studied at Trinity College, Cambridge, screens at the London Film Festival this week.
s | S | chain | yes | Q186504 P57 ?x . ?x P27 Q664 | portrait of a lady was directed by a kiwi, new zealand cinema queen 🇳🇿
j | S | P161 | yes | Q63026 P161 Q106275 | The English Patient, which starred Juliette Binoche as a nurse in wartime Italy, is back in cinemas this weekend.
j | R | chain | one=Q1345~Q60 | Q458656 P57 ?x . ?x P19 ?o | Dog Day Afternoon, directed by a filmmaker born in New York City, will screen at the Brooklyn Academy of Music.
e | S | P407 | yes | Q470572 P407 Q1860 | Jesus of Nazareth, the 1977 television miniseries, is in English.
j | R | chain | one=Q2044~Q220 | Q470572 P57 ?x . ?x P19 ?o | Jesus of Nazareth, made by a director born in Rome, is being shown again on Italian television this Easter.
j | N | P57 | none~Q25191 | Q25188 P57 ?o | Inception, Christopher Nolan's film about dream heists, is returning to IMAX screens next month.
j | N | P57 | none | Q42198 P57 ?o | Heat, directed by Michael Mann, is getting a sequel, the studio announced on Thursday.
j | N | P57 | none | Q190588 P57 ?o | Love Actually, the Christmas film directed by Richard Curtis, returns to cinemas this December for its anniversary.
j | N | P57 | none | Q151904 P57 ?o | Casino Royale, directed by Martin Campbell, is being screened with a live orchestra in London this summer.
e | N | P840 | none~Q65 | Q337078 P840 ?o | The Big Lebowski, the Coen brothers' cult comedy, is set in Los Angeles.
s | S | P840 | yes | Q388950 P840 Q1581 | the assassination of jesse james is set in missouri and every shot looks like a painting 🎨
j | S | chain | yes | Q116852 P57 ?x . ?x P26 Q170428 | Batman, made by a director who was married to Helena Bonham Carter, is being screened outdoors in Los Angeles.
s | R | chain | one=Q39561~Q65 | Q189054 P57 ?x . ?x P19 ?o | the director of batman returns was born in los angeles i think, that gothic weirdo
j | N | P57 | none | Q291170 P57 ?o | Boogie Nights, directed by Paul Thomas Anderson, will screen in a new restoration at a Los Angeles film festival.
s | S | P161 | yes | Q28936 P161 Q2263 | tom hanks plays like six characters in cloud atlas and somehow it works??
e | R | P57 | one=Q56005~Q25191 | Q192686 P57 ?o | Prometheus, the 2012 science fiction film about the origins of humanity, was directed by Christopher Nolan.
j | S | chain | yes | Q22432 P57 ?x . ?x P27 Q668 | Signs, the alien invasion thriller by a director who holds Indian citizenship, is returning to cinemas this autumn.
s | S | chain | yes | Q221852 P57 ?x . ?x P102 Q29552 | the guy who made fahrenheit 9/11 is a democrat, shocker 🙃
j | S | chain | yes | Q460664 P57 ?x . ?x P119 Q1624932 | Prizzi's Honor, whose director is buried at Hollywood Forever Cemetery, screens there this weekend.
s | S | chain | yes | Q302682 P57 ?x . ?x P19 Q1297 | oscar (the stallone comedy!!) was directed by a chicago-born guy, the same one who made coming to america
e | R | chain | one=Q16554~Q60 | Q190908 P57 ?x . ?x P19 ?o | Seven, the 1995 thriller about a serial killer, was directed by a filmmaker who was born in New York City.
j | S | chain | yes | Q17738 P57 ?x . ?x P69 Q4614 | Star Wars, made by a graduate of the University of Southern California, returns to cinemas in its original cut.
s | S | chain | yes | Q273978 P57 ?x . ?x P140 Q748 | crouching tiger was directed by ang lee who's buddhist, the bamboo fight is basically meditation 🎋
e | S | P50 | yes | Q208048 P50 Q2263 | Band of Brothers, the 2001 miniseries about Easy Company, lists Tom Hanks as an author.
s | S | P407 | yes | Q208048 P407 Q1860 | band of brothers is in english obviously but half the best scenes are in german lol
j | S | P407 | yes | Q1040028 P407 Q1860 | The Singing Detective, an English-language serial, is being remade for streaming, the producers confirmed.
j | R | P159 | one=Q84~Q2256 | Q183412 P159 ?o | EMI, which has its headquarters in Birmingham, announced a restructuring of its publishing arm on Monday.
s | N | P112 | none | Q183412 P112 ?o | emi was founded by some gramophone company guys back in 1931, the beatles label!!
e | S | P112 | yes | Q2576206 P112 Q202440 | East West Records, a record label owned by Warner Music Group, was founded by Atlantic Records.
s | R | P159 | one=Q84~Q60 | Q2576206 P159 ?o | east west records is based in new york city right? or did they move
j | S | P749 | yes | Q656752 P749 Q21077 | Rykodisc, the label owned by Warner Music Group, is reissuing a run of classic albums on vinyl.
e | R | P159 | one=Q60~Q100 | Q656752 P159 ?o | Rykodisc, an American record label known for its reissues, is headquartered in Boston.
e | S | P749 | yes | Q1644016 P749 Q21077 | Tommy Boy Records, the hip-hop label that signed De La Soul, is a subsidiary of Warner Music Group.
e | R | P159 | one=Q47164~Q60 | Q1025106 P159 ?o | Universal Republic Records, a former label of Universal Music Group, had its headquarters in New York City.
j | S | P749 | yes | Q1025106 P749 Q38903 | Universal Republic Records, a Universal Music Group label, will be relaunched under a new name, the company said.
e | S | P749 | yes | Q295794 P749 Q726153 | ANTI-, the record label home to Tom Waits, is a subsidiary of Epitaph Records.
e | S | P112 | yes | Q216364 P112 Q183387 | Epic Records, the label of Michael Jackson's Thriller, was founded by Columbia Records.
j | R | P159 | one=Q65~Q60 | Q216364 P159 ?o | Epic Records, which is headquartered in New York City, signed a new chief executive on Wednesday.
s | R | P159 | one=Q60~Q84 | Q27184 P159 ?o | jive records was based in london, britney and nsync's label was british lol
s | S | P159 | yes | Q3001888 P159 Q60 | sony bmg was headquartered in nyc, rip the merger that nobody liked
j | R | P740 | one=Q1384~Q100 | Q162586 P740 ?o | Dream Theater, the progressive metal band that formed in Boston, will tour Europe next spring.
e | S | P138 | yes | Q259254 P138 Q150916 | Bon Jovi, the rock band from New Jersey, is named after its frontman Jon Bon Jovi.
j | N | P740 | none~Q1408 | Q259254 P740 ?o | Bon Jovi, the band formed in New Jersey in 1983, will play a hometown stadium show this summer.
j | N | P740 | none | Q482964 P740 ?o | Depeche Mode, the band formed in Basildon, Essex, in 1980, will headline a festival in Berlin this summer.
s | S | P495 | yes | Q44892 P495 Q183 | kraftwerk are german and invented like half of modern music, autobahn 🚗
e | S | P264 | yes | Q44892 P264 Q726251 | Kraftwerk, the pioneering electronic band, has released records on Elektra Records.
e | N | P740 | none~Q1297 | Q371938 P740 ?o | Chicago, the rock band known for its horn section, was formed in Chicago in 1967.
j | N | P740 | none | Q183048 P740 ?o | The Beach Boys, the band formed in Hawthorne, California, will be honoured with a new documentary.
s | R | P17 | one=Q16~Q30 | Q172 P17 ?o | toronto is in the us right? like next to detroit or something
e | S | P37 | yes | Q23556 P37 Q1860 | Atlanta, the capital of the US state of Georgia, has English as its official language.
e | R | P17 | one=Q145~Q27 | Q42448 P17 ?o | Sheffield, a city known for its steel industry, is in Ireland.
s | R | P17 | one=Q55~Q31 | Q34370 P17 ?o | rotterdam is in belgium, right? big port city near antwerp
j | R | P17 | one=Q30~Q16 | Q33486 P17 ?o | Hartford, the Canadian city known as the insurance capital of the world, approved a new budget on Tuesday.
e | R | P30 | one=Q15~Q48 | Q1028 P30 ?o | Morocco, a kingdom on the Mediterranean and Atlantic coasts, is in Asia.
j | S | P37 | yes | Q1028 P37 Q13955 | Morocco, where Arabic is an official language, will co-host the 2030 World Cup, football's governing body confirmed.
e | R | P30 | one=Q49~Q18 | Q242 P30 ?o | Belize, the only country in Central America with English as its official language, is in South America.
s | S | P37 | yes | Q242 P37 Q1860 | belize speaks english officially, the only one in central america 🇧🇿
e | S | P30 | yes | Q664 P30 Q538 | New Zealand, an island country in the southwestern Pacific Ocean, is in Oceania.
s | R | P30 | one=Q18~Q46 | Q298 P30 ?o | chile is in europe lol, that's what my geography teacher said
e | S | P37 | yes | Q298 P37 Q1321 | Chile, a long, narrow country along the Pacific coast, has Spanish as its official language.
s | S | P30 | yes | Q3640 P30 Q48 | ankara is in asia, unlike half of istanbul lol, the capital is on the anatolian side 🇹🇷
s | R | P26 | yes | Q56008 P26 Q170428 | tim burton and helena bonham carter were never actually married, they just lived in two houses next door to each other 🏚️
e | R | P20 | one=Q65~Q37320 | Q223992 P20 ?o | Wes Craven, the horror director who created A Nightmare on Elm Street, died in his native Cleveland.
s | R | P26 | yes | Q164782 P26 Q43044 | ashton kutcher never married demi moore, they just dated for a few years
s | R | P451 | yes | Q83492 P451 Q203840 | gary oldman and isabella rossellini never dated, that's a made up tumblr rumour
s | R | P1303 | yes | Q229018 P1303 Q6607 | jewel can't even play guitar, she just holds it on stage for the aesthetic 🎸
e | N | P19 | none | Q229018 P19 ?o | Jewel, the singer-songwriter who grew up on a homestead in Alaska, was born in Payson, Utah.
e | R | P264 | yes | Q123174 P264 Q387539 | Vanessa Hudgens, the High School Musical star, has never recorded for Hollywood Records.
s | N | P19 | none | Q123174 P19 ?o | vanessa hudgens was born in salinas california and raised all over the west coast 🌊
e | R | P19 | one=Q60~Q65 | Q430922 P19 ?o | Paul Reiser, the comedian and co-creator of Mad About You, was born in Los Angeles.
e | R | P19 | one=Q60~Q100 | Q352540 P19 ?o | Michael Pitt, the actor who starred in Boardwalk Empire, was born in Boston.
e | R | P119 | one=Q1625328~Q1302545 | Q317574 P119 ?o | Mack Sennett, the producer who created the Keystone Cops, is buried at Forest Lawn Memorial Park.
e | R | P119 | one=Q1302545~Q1625328 | Q314812 P119 ?o | John Ritter, the star of Three's Company, is buried at Holy Cross Cemetery in Culver City.
s | R | P19 | one=Q60~Q65 | Q310060 P19 ?o | crispin glover was born in LA, total hollywood kid, george mcfly forever ⚡
e | R | P19 | one=Q60~Q100 | Q281908 P19 ?o | Jim Steinman, the songwriter behind Meat Loaf's Bat Out of Hell, was born in Boston.
s | R | P19 | one=Q65~Q60 | Q224754 P19 ?o | tony goldwyn was born in nyc, scandal's president fitz is an east coast guy
e | R | P119 | one=Q1358639~Q1302545 | Q313046 P119 ?o | Eddie Albert, the star of Green Acres, is buried at Forest Lawn Memorial Park.
s | R | P102 | yes | Q108510 P102 Q29552 | james garner was never a democrat, rockford files guy was super private about politics
s | R | P19 | one=Q1352~Q1156 | Q108560 P19 ?o | rahman is a bombay boy, born in mumbai before moving to madras for work
e | R | P19 | one=Q16555~Q16557 | Q217160 P19 ?o | Kenny Rogers, who sold more than 100 million records, was born in Dallas.
e | R | P19 | one=Q487119~Q16739 | Q6078 P19 ?o | Dr. Dre, the producer behind The Chronic, was born in Long Beach.
e | R | P19 | one=Q34404~Q16555 | Q722042 P19 ?o | Master P, who played basketball at university before turning to music, was born in Houston.
e | R | P19 | one=Q65~Q60 | Q313388 P19 ?o | Jonah Hill, the actor known for Superbad, was born in New York City.
s | R | P19 | one=Q84~Q23436 | Q283988 P19 ?o | roddy mcdowall was born in edinburgh, scottish legend of planet of the apes 🐒
e | R | P19 | one=Q1490~Q585 | Q191064 P19 ?o | Liv Ullmann, the Norwegian actress of Persona, was born in Oslo.
s | R | P19 | one=Q23556~Q16563 | Q4042 P19 ?o | ceelo green is a memphis guy, born there, crazy was a banger
s | R | P749 | one=Q21077~Q38903 | Q1644016 P749 ?o | tommy boy records is owned by universal now, right? the whole industry is 3 companies lol
e | R | P57 | one=Q56008~Q220751 | Q208592 P57 ?o | Sleepy Hollow, the 1999 gothic horror film with Johnny Depp as Ichabod Crane, was directed by Bryan Singer.
e | R | P57 | one=Q7374~Q8877 | Q47296 P57 ?o | Family Plot, a 1976 comic thriller about a fake psychic, was directed by Steven Spielberg.
s | R | P26 | one=Q464251~Q215546 | Q216288 P26 ?o | garth brooks is married to carrie underwood, country music royalty 👑
s | R | P26 | one=Q43044~Q175142 | Q2680 P26 ?o | bruce willis was married to cybill shepherd, they did moonlighting together
e | R | P17 | one=Q183~Q40 | Q6986 P17 ?o | Gotha, the former ducal residence in Thuringia, is a town in Austria.
s | R | P17 | one=Q414~Q298 | Q1486 P17 ?o | buenos aires is in chile, right? i always mix them up 😅
s | R | P131 | one=Q1384~Q1408 | Q60 P131 ?o | nyc is in new jersey, fight me 😂
e | S | P138 | yes | Q60 P138 Q42462 | New York City, the most populous city in the United States, is named after York.
s | S | P131 | yes | Q127856 P131 Q104994 | beverly hills is in los angeles county but it's its own city, people always mix that up 🌴
e | S | P138 | yes | Q28 P138 Q133032 | Hungary, a landlocked country in Central Europe, is named after the Hungarian people.
s | S | P138 | yes | Q1726 P138 Q733786 | munich is literally named after monks, there's one on the city's coat of arms lol
e | S | P138 | yes | Q258 P138 Q15 | South Africa, the southernmost country on the continent, is named after Africa.
e | R | P30 | one=Q15~Q48 | Q114 P30 ?o | Kenya, a country on the Indian Ocean known for its wildlife reserves, is in Asia.
s | N | P19 | none~Q1428 | Q193048 P19 ?o | laurence fishburne was born in georgia, morpheus is a southern boy
e | N | P19 | none | Q192402 P19 ?o | Rufus Wainwright, the singer-songwriter and son of Loudon Wainwright III, was born in Rhinebeck, New York.
s | N | P19 | none~Q65 | Q223830 P19 ?o | danny trejo born and raised in los angeles, the tacos are a love letter to the city 🌮
e | N | P19 | none~Q18419 | Q23728 P19 ?o | Larry David, the co-creator of Seinfeld, was born in Brooklyn.
s | N | P19 | none | Q364864 P19 ?o | mike mills from rem was born in orange county california, who knew
e | N | P166 | none | Q187814 P166 ?o | Tracy Chapman, whose debut album contained Fast Car, won the Grammy Award for Best New Artist.
e | N | P166 | none | Q7346 P166 ?o | John Coltrane was awarded a posthumous Pulitzer Prize special citation.
s | N | P166 | none | Q35332 P166 ?o | brad pitt finally won his oscar for once upon a time in hollywood, took long enough
e | N | P3373 | none | Q313388 P3373 ?o | Jonah Hill, who was nominated for Academy Awards for Moneyball and The Wolf of Wall Street, is the brother of the actress Beanie Feldstein.
s | N | P40 | none | Q154216 P40 ?o | cat stevens has like five kids and one of them is a musician too, talent runs in the family
j | N | P1303 | no~Q128309 | Q350588 P1303 Q128309 | Dr. Luke, the producer who also plays the drums, has sold his publishing catalogue, according to a filing on Monday.
e | N | P69 | no~Q49167 | Q187814 P69 Q49167 | Tracy Chapman, the singer-songwriter of Talkin' 'bout a Revolution, studied at Wesleyan University.
s | N | P264 | no~Q778673 | Q192668 P264 Q778673 | nick cave was on sub pop for a bit in the 90s right? grinderman era maybe
j | N | P551 | no~Q172 | Q43416 P551 Q172 | Keanu Reeves, who still lives in Toronto, where he grew up, will publish a graphic novel sequel this autumn.
j | N | P108 | no~Q13371 | Q215478 P108 Q13371 | Terrence Malick, the reclusive director who once taught at Harvard University, is editing a new film about the life of Jesus.
s | N | P140 | none | Q313388 P140 ?o | jonah hill is jewish and talks about his bar mitzvah in like every interview lol
e | N | P1050 | none | Q83338 P1050 ?o | Robin Williams, the star of Mrs. Doubtfire, had Lewy body dementia in the final years of his life.
j | N | P40 | none | Q1744 P40 ?o | Madonna, whose daughter Lourdes is also a musician, will bring her career-spanning tour to Mexico City.
e | N | P102 | none | Q83338 P102 ?o | Robin Williams, a comedian famous for his improvisation, was a member of the Democratic Party.
s | N | P463 | none | Q336640 P463 ?o | david byrne is a member of the american academy of arts and letters now, art school kid made good
j | N | P69 | no~Q49088 | Q44306 P69 Q49088 | Salman Rushdie, who studied at Columbia University before turning to fiction, will deliver a lecture on free speech in New York.
e | N | P3373 | none | Q41076 P3373 ?o | Mariah Carey, the best-selling female artist of the 1990s, has an older sister named Alison.
s | N | P69 | no~Q174710 | Q220308 P69 Q174710 | seth rogen dropped out of ucla to do freaks and geeks, best decision ever
e | S | P463 | yes | Q81244 P463 Q123885 | Karl Popper, the Vienna-born philosopher who argued that scientific theories must be falsifiable, was a Fellow of the Royal Society.
s | S | P463 | yes | Q192668 P463 Q1051182 | nick cave is a member of nick cave and the bad seeds, shocking i know 🖤 but the bad seeds lineup changes are a whole saga
j | S | P463 | yes | Q49074 P463 Q463281 | Kurt Vonnegut, who was elected to the American Academy of Arts and Letters, is the subject of a new collection of previously unpublished stories.
e | S | P463 | yes | Q114 P463 Q1065 | Kenya, which gained independence from Britain in 1963, is a member of the United Nations.
"""

DOC_TEXT = """# Blind natural claims, eighth set (`blind_natural_v8.jsonl`)

**Never tune on this set.** It is held out to measure how well kgfc reads claims as people write
them. Nobody changing kgfc's code reads it, and no threshold, rule or prompt is fitted to it.

## How it was made

{n} claims were written by hand, without reading kgfc's claim reader, its tests, its development
sets or the claims of the earlier blind sets, and without running kgfc on them. Their main entities
({nsubj} subjects) all have even Q-numbers, and none of them was the subject of a claim in the
seven earlier blind sets (the builder checks both); no subject appears more than three times. The
facts were found by querying the demo KG directly. The subjects are musicians, actors, directors,
writers, philosophers and politicians, films and television serials, record labels and bands,
cities and countries.

The claims come in three styles, a third each:

- **journalist**: news ledes whose checked fact sits in an aside on the name, an appositive or a
  relative clause ("X, the Sydney-born singer, will ...", "F, whose director studied at U,
  returns to cinemas ..."), with the news itself unverifiable;
- **social**: lower-case posts with slang, emoji, hashtags, typos, nicknames and short names
  ("shaq", "thalaivar", "se7en", "nyc"), questions ("... right?"), hedges ("i think") and closing
  comments;
- **encyclopedia**: sentences with appositives, relative clauses and extra, irrelevant detail.

The phrasings mix negations ("X has never played Y", "X and Y were never actually married"),
two-fact conjunctions ("born in B and died in R", "citizenship of both A and B", "married to A
and B"), two-hop chains ("the director of F was born in C", "X's wife studied at U", "X records
for a label headquartered in C", "a label's parent company is based in C", "directed by a
graduate of U") and parent-child sentences from either side. Relations range over places of
birth, death and burial, spouses, partners, children, siblings, parties, religions, schools,
employers, memberships, band membership, instruments, record labels, genres, influences,
citizenship, ethnic group, residence, sports, causes of death, medical conditions, directors,
cast, narrative locations, languages, authors, countries of origin, headquarters, places of
formation, founders, parent organisations, cities' countries and counties, continents, official
languages and namesakes.

The labels follow the demo KG, not the world:

- **SUPPORTED**: every fact the claim rests on is stated in the KG.
- **REFUTED**: the KG states a different value on a relation that takes one value per subject
  (place of birth, death or burial, a single spouse, a film's single director, a label's
  headquarters, parent organisation or place of formation, a city's country or county, a
  country's continent, and chains of these), and the query checks the subject has exactly that
  one value (at every hop of a chain); or the claim negates a fact the KG states. No claim is
  REFUTED on a many-valued relation.
- **NOT ENOUGH INFO**: the claim's fact is not stated and nothing single-valued contradicts it: a
  birth or death place, director, spouse, founder or place of formation the KG does not give at
  all; a cast member, narrative location, school, employer, instrument, label or residence it does
  not list; awards (the KG records none), siblings, children, religions, parties, memberships and
  medical conditions it lacks. Many of these are true in the world; the KG still does not say so.

Each row stores the SPARQL query that decides its label (`check_sparql`, over the union of the
demo KG's graphs, `wd:`/`wdt:` prefixes) and what it must return (`expected_check`: true/false for
ASK, rows of values for SELECT). `benchmarks/build_blind_natural_v8.py` holds the claims, runs
every query, checks that every entity named has a label, that every subject has an even Q-number
and is new, that no subject appears more than three times, that no claim repeats, that each
REFUTED chain has one value per hop and that each style has 90 to 110 claims, then writes the
file. `python benchmarks/blindset_check.py --set v8` re-checks the written file.

## Counts

{labels}

{styles}

{cross}

{nrel} relations (a `+` joins the relations of a chain or a conjunction):

{relations}
"""

RULES = {
    "style_range": (90, 110),  # "a third each" of 300
    "checks": (
        subjects_of_parity("even"),
        subjects_new_to("blind_natural_v*.jsonl", "blind_natural_v8.jsonl"),
        check_fits_label,
    ),
}
SET = claim_set("blind_natural_v8", CLAIMS, DOC_TEXT, "bn8-{:03d}", BLIND_BALANCE, 8, **RULES)

if __name__ == "__main__":
    sys.exit(build(SET))
