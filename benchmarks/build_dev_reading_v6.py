"""Build the sixth natural-reading development set (dev_natural_reading_v6.jsonl) and check every label.

The claims below were written by hand, as people write them (encyclopedia sentences, news ledes,
social-media posts), without reading how kgfc reads claims. Each line holds

    style | label | relation | class | check | SPARQL pattern | also named | claim

style: e(ncyclopedia), j(ournalist), s(ocial); label: S(UPPORTED), R(EFUTED), N(OT ENOUGH INFO).
relation: the P-id the claim is about, P-ids joined by ``+`` for a conjunction, or ``chain`` for a
two-hop claim ("the director of F was born in C"). class: a short tag, relation plus phrasing kind.
The check says what the pattern must give over the demo KG (``Q..`` is ``wd:Q..``, ``P..`` is
``wdt:P..``):

    yes      ASK { pattern } is true          (the claim's facts are stated)
    no       ASK { pattern } is false         (the fact is not stated)
    one=Qx   SELECT ?o { pattern } is exactly Qx (a single value that differs from the claim's)
    none     SELECT ?o { pattern } is empty   (no value at all)

"also named" lists entities the claim names that the pattern does not hold (the claimed value of a
``one=`` or ``none`` check, places in a news lede), ``-`` when there are none; every one of them must
have an English label in the KG too.

Subjects (the first entity of each pattern, the claim's main entity) all have EVEN Q-numbers: another
writer takes the odd ones.

The script runs every query on the demo KG (pyoxigraph, union of its graphs) and refuses to write
anything if a query disagrees, an entity has no label, a subject is odd or used more than three
times, two claims or ids repeat, or the label or style balance drifts. Then it writes the JSON-lines
set and its description.

    python benchmarks/build_dev_reading_v6.py

A development set: it was written blind, and kgfc may be tuned on it after its first run.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dataset_build import CLASS_LINE, build, claim_set, subjects_of_parity  # noqa: E402

CLAIMS = """
e | S | P1303 | P1303_conjunction | yes | Q217160 P1303 Q46185 . Q217160 P1303 Q51290 | - | Besides singing, Kenny Rogers played both the bass guitar and the harmonica.
j | N | P20 | P20_lede_obituary | none | Q217160 P20 ?o | Q23556 | Kenny Rogers, the gravel-voiced country singer, died at his home in Atlanta aged 81, his family said on Saturday.
s | S | P737 | P737_slang | yes | Q184226 P737 Q35802 . Q184226 P737 Q42156 | - | deleuze literally built his whole philosophy out of spinoza and bergson, you cannot read him without them 😩
e | R | P20 | P20_encyclopedia | one=Q90 | Q184226 P20 ?o | Q456 | The philosopher Gilles Deleuze, co-author of two volumes on capitalism and schizophrenia, died in Lyon in 1995.
j | S | P108 | P108_relclause | yes | Q93356 P108 Q13371 | Q1761 | Seamus Heaney, who taught at Harvard University for more than a decade, is the subject of a documentary premiering in Dublin this week.
e | N | P19 | P19_missing | none | Q93356 P19 ?o | Q10686 | Seamus Heaney, the eldest of nine children, was born in Belfast in April 1939.
e | S | P69 | P69_conjunction | yes | Q438164 P69 Q751612 . Q438164 P69 Q1093910 | - | Samuel R. Delany, one of the first prominent African-American science-fiction writers, studied at the Bronx High School of Science and later at the City College of New York.
s | N | P19 | P19_question | none | Q336640 P19 ?o | Q22 | david byrne was born in scotland?? the big suit guy?? mind blown 🤯
e | S | P264 | P264_passive | yes | Q336640 P264 Q1849138 | - | Several of David Byrne's solo albums were released by Nonesuch Records.
e | S | P119+P40 | P119_appositive_parent | yes | Q231942 P119 Q1437214 . Q137042 P40 Q231942 | - | Natalie Cole, the daughter of Nat King Cole, is buried at Forest Lawn Memorial Park.
j | R | P19 | P19_appositive | one=Q65 | Q231942 P19 ?o | Q1297 Q34006 | Natalie Cole, the Chicago-born singer, was remembered at a tribute concert in Hollywood on Sunday.
s | N | P19 | P19_slang | none | Q636 P19 ?o | Q84 | kate bush was born in london and honestly you can hear it in every single song 💜
j | S | P264 | P264_relclause | yes | Q636 P264 Q183412 | - | Kate Bush, who signed to EMI as a teenager, is back in the charts after one of her old songs featured in a hit series.
e | R | P20 | P20_encyclopedia | one=Q84 | Q81244 P20 ?o | Q1741 | Karl Popper died in 1994 in Vienna, the city where he had been born.
s | S | P463 | P463_slang | yes | Q81244 P463 Q123885 | - | popper was a fellow of the royal society btw, falsify THAT 😤
s | S | P509 | P509_til | yes | Q128560 P509 Q29496 | - | til graham greene died of leukemia. what a sad end for such a great writer
j | N | P737 | P737_relclause | no | Q128560 P737 Q5685 | - | Graham Greene, who counted Anton Chekhov among his chief influences, is the subject of a new biography out this autumn.
j | S | P3373+P361 | P3373_appositive | yes | Q188482 P3373 Q296872 . Q188482 P361 Q133405 | - | A new biography of Robin Gibb, the Bee Gees singer and brother of Barry Gibb, goes on sale on Thursday.
s | R | P20 | P20_slang | one=Q84 | Q188482 P20 ?o | Q8652 Q133405 | robin gibb passed away in miami where the bee gees made so much magic 😢
e | S | P19 | P19_encyclopedia | yes | Q311450 P19 Q16555 | Q1439 | Billy Preston, the keyboardist and singer, was born in Houston, Texas.
j | N | P20 | P20_relclause | none | Q311450 P20 ?o | Q816 | Billy Preston, who died in Arizona in 2006 after years of kidney disease, will be honoured with a tribute concert, organisers said.
e | S | P19+P106 | P19_P106_conjunction | yes | Q35610 P19 Q23436 . Q35610 P106 Q39631 | - | Arthur Conan Doyle was born in Edinburgh and worked as a physician before his detective stories made him famous.
j | R | P19 | P19_appositive | one=Q23436 | Q35610 P19 ?o | Q84 | An early manuscript by Arthur Conan Doyle, the London-born author, sold at auction on Tuesday for an undisclosed sum.
e | N | P20 | P20_missing | none | Q111436 P20 ?o | Q99 | Elmer Bernstein died in California in 2004.
e | S | P737 | P737_passive | yes | Q43718 P737 Q7200 | - | The satirist Nikolai Gogol was deeply influenced by Alexander Pushkin.
s | N | P20 | P20_slang | none | Q43718 P20 ?o | Q649 | gogol died in moscow and people say he was buried alive 💀
s | S | P1050 | P1050_slang | yes | Q533284 P1050 Q12202 | - | gustavo cerati suffered a stroke in 2010 and we still miss him 💔 #rocknacional
e | R | P20 | P20_encyclopedia | one=Q60 | Q134262 P20 ?o | Q34404 | Tennessee Williams died in New Orleans in 1983, in the city that inspired much of his work.
j | S | P69 | P69_appositive | yes | Q188176 P69 Q13371 | Q60 | Typewriters once owned by William S. Burroughs, the Harvard-educated writer, will be auctioned in New York City next month.
s | N | P19 | P19_slang | none | Q188176 P19 ?o | Q38022 | william s burroughs was a st. louis kid, born and raised 🏙️
s | S | P264 | P264_slang | yes | Q201562 P264 Q1046066 | - | hayley williams on fueled by ramen since forever, the label knows what it has 🧡
j | N | P19 | P19_appositive | none | Q201562 P19 ?o | Q1494 | Hayley Williams, the Mississippi-born rock singer, announced a solo tour on Monday.
e | S | P19+P27+P1303 | P19_P27_conjunction | yes | Q232214 P19 Q16739 . Q232214 P27 Q96 . Q232214 P1303 Q79838 | - | Julieta Venegas, a Mexican singer-songwriter known for playing the accordion, was born in Long Beach.
s | R | P19 | P19_slang | one=Q16739 | Q232214 P19 ?o | Q1489 | julieta venegas born in mexico city and she sounds exactly like it 🇲🇽 queen
j | S | P20+P509 | P20_P509_conjunction | yes | Q269890 P20 Q127856 . Q269890 P509 Q476921 | - | Don Rickles, the insult comic, died of kidney failure at his home in Beverly Hills, his publicist said.
j | N | P19 | P19_appositive | none | Q465636 P19 ?o | Q1454 | Doc Watson, the blind North Carolina-born guitarist, will be honoured at a festival in his home state this weekend.
j | R | P20 | P20_relclause | one=Q1190590 | Q553276 P20 ?o | Q488004 | Steve Allen, who died in Palm Springs in 2000, wrote more than 8,000 songs, according to a new biography.
s | S | P140+P106 | P140_list_slang | yes | Q553276 P106 Q36834 . Q553276 P106 Q947873 . Q553276 P106 Q486748 . Q553276 P140 Q7066 | - | steve allen: composer, tv presenter, pianist and a proud atheist 🙌
s | S | P19 | P19_slang | yes | Q722042 P19 Q34404 | - | master p is new orleans born and that's why his music hits different ⚜️
j | S | P509 | P509_relclause | yes | Q7346 P509 Q623031 | - | John Coltrane, whose death from liver cancer stunned the jazz world, is remembered in a box set released on Friday.
e | N | P551 | P551_missing | no | Q7346 P551 Q1345 | - | John Coltrane lived in Philadelphia for much of the 1950s.
s | S | P140 | P140_slang | yes | Q154216 P140 Q432 | - | cat stevens converted to islam and still made the most peaceful music ever ☮️
e | N | P19 | P19_missing | none | Q154216 P19 ?o | Q84 | Cat Stevens was born in London, the son of a Greek Cypriot father and a Swedish mother.
j | S | P264 | P264_relclause | yes | Q232456 P264 Q216364 | - | Macy Gray, who recorded for Epic Records at the height of her fame, will headline the festival on Saturday.
e | N | P19 | P19_missing | none | Q232456 P19 ?o | Q1397 | Macy Gray was born in Ohio.
s | N | P19 | P19_slang | none | Q281034 P19 ?o | Q18419 | harry nilsson was a brooklyn kid!! that voice tho 🎶
j | R | P19 | P19_appositive | one=Q12439 | Q332032 P19 ?o | Q16556 | Alice Cooper, the Phoenix-born shock rocker, announced a farewell tour on Wednesday.
s | S | P1303 | P1303_question | yes | Q332032 P1303 Q51290 | - | alice cooper plays harmonica too?? the godfather of shock rock 🐍
e | S | P737 | P737_passive | yes | Q219420 P737 Q37327 | - | The American playwright Edward Albee was heavily influenced by Samuel Beckett.
j | N | P19 | P19_relclause | none | Q34670 P19 ?o | Q262 Q90 | Albert Camus, who was born in Algeria in 1913, is being celebrated with readings across Paris this month.
s | S | P140 | P140_slang | yes | Q34670 P140 Q7066 | - | camus was an atheist but not an edgy one, more like a sad cool french guy 🚬
j | S | P26 | P26_relclause | yes | Q51488 P26 Q229258 | Q84 | A retrospective of John Cassavetes, who was married to the actress Gena Rowlands, opens in London this weekend.
e | R | P119 | P119_encyclopedia | one=Q1358639 | Q51488 P119 ?o | Q1624932 | John Cassavetes is buried at Hollywood Forever Cemetery.
s | S | chain | chain_P26_P19_slang | yes | Q51488 P26 ?w . ?w P19 Q43788 | - | john cassavetes' wife was born in madison, who knew 🧀
e | S | P69+P1303 | P69_P1303_conjunction | yes | Q1060636 P69 Q49167 . Q1060636 P1303 Q79838 | - | Daniel Handler, better known as Lemony Snicket, studied at Wesleyan University and plays the accordion.
j | N | P19 | P19_appositive | none | Q1060636 P19 ?o | Q62 | Daniel Handler, the San Francisco-born author, has a new novel out in the autumn.
e | S | P1050 | P1050_encyclopedia | yes | Q313046 P1050 Q11081 | - | In his final years the film and television actor Eddie Albert suffered from Alzheimer's disease.
j | R | P20 | P20_relclause | one=Q65 | Q270560 P20 ?o | Q60 | Paul Mazursky, who died in New York City in 2014, is the subject of a retrospective at a film festival this week.
j | S | P20+P106 | P20_relclause | yes | Q319374 P20 Q23197 . Q319374 P106 Q486748 | - | Leon Russell, the pianist and songwriter who died in Nashville, will be honoured at a concert this weekend.
s | N | P19 | P19_question | none | Q319374 P19 ?o | Q44989 | leon russell was born in tulsa right? the tulsa sound guy
e | S | P19+P20 | P19_P20_conjunction | yes | Q100440 P19 Q16558 . Q100440 P20 Q16557 | - | Larry Hagman, the actor, was born in Fort Worth and died in Dallas.
s | S | P102 | P102_slang | yes | Q107730 P102 Q29468 | - | vince vaughn is a republican, that explains a lot tbh
e | R | P19 | P19_encyclopedia | one=Q36091 | Q107730 P19 ?o | Q1297 Q238866 | Vince Vaughn, one of the stars of Wedding Crashers, was born in Chicago.
e | S | P19+P140 | P19_P140_conjunction | yes | Q108560 P19 Q1352 . Q108560 P140 Q432 | - | A. R. Rahman, the film composer, was born in Chennai and is a practising Muslim.
s | R | P19 | P19_slang | one=Q90 | Q110462 P19 ?o | Q456 | julie delpy was born in lyon and that accent is everything 🇫🇷
s | N | P20 | P20_slang | none | Q111074 P20 ?o | Q60 | john barry died in new york city in 2011 😢 those scores tho
e | S | P19+P20 | P19_P20_conjunction | yes | Q153018 P19 Q1741 . Q153018 P20 Q1735 | - | The actor Maximilian Schell was born in Vienna and died in Innsbruck.
e | R | P19 | P19_encyclopedia | one=Q1342 | Q139642 P19 ?o | Q37320 Q1397 | Zachary Quinto, the actor and producer, was born in Cleveland, Ohio.
j | S | P19+P69 | P19_P69_relclause | yes | Q14536 P19 Q462799 . Q14536 P69 Q309350 | - | Seth Meyers, who was born in Evanston and studied at Northwestern University, returned to campus on Friday to give a commencement speech.
e | S | P19+P161 | P19_P161_conjunction | yes | Q180852 P19 Q956 . Q273978 P161 Q180852 | - | Zhang Ziyi, who starred in Crouching Tiger, Hidden Dragon, was born in Beijing.
s | N | P20 | P20_slang | none | Q182372 P20 ?o | Q142 | louise fletcher died in france 🥀 what a performer she was
e | S | P19+P27 | P19_hedge | yes | Q191064 P19 Q1490 . Q191064 P27 Q20 | - | The Norwegian actress Liv Ullmann was, perhaps surprisingly, born in Tokyo.
s | R | P19 | P19_slang | one=Q1490 | Q191064 P19 ?o | Q585 | liv ullmann born in oslo, queen of scandinavian cinema 🎞️
j | S | P451 | P451_relclause | yes | Q191132 P451 Q229319 | Q641 | Harvey Keitel, whose former partner is the actress Lorraine Bracco, is to receive a lifetime honour in Venice.
e | R | P19 | P19_encyclopedia | one=Q18419 | Q191132 P19 ?o | Q18426 | Harvey Keitel was born in the Bronx to immigrant parents.
s | R | P19 | P19_slang | one=Q24639 | Q192812 P19 ?o | Q172 Q16 | hayden christensen was born in toronto, proud canadian 🇨🇦
s | R | P19 | P19_slang | one=Q84 | Q200534 P19 ?o | Q23436 | tilda swinton is scottish royalty, born in edinburgh 👑
s | S | P641 | P641_slang | yes | Q213706 P641 Q5372 | - | tom selleck played basketball before the mustache made him famous lol
j | R | P19 | P19_appositive | one=Q12439 | Q213706 P19 ?o | Q65 | Tom Selleck, the Los Angeles-born actor, is publishing a memoir.
e | N | P102 | P102_missing | none | Q213706 P102 ?o | Q29468 | Tom Selleck is a longtime member of the Republican Party.
j | R | P19 | P19_appositive | one=Q38022 | Q215072 P19 ?o | Q34404 | John Goodman, the New Orleans-born actor, will narrate a documentary about the city's music.
j | S | P108 | P108_relclause | yes | Q220536 P108 Q49117 | - | Kal Penn, who has taught at the University of Pennsylvania, is writing a second book.
s | S | P3373 | P3373_slang | yes | Q223790 P3373 Q28493 | - | wait joseph fiennes is ralph fiennes' brother?? the resemblance 😳
e | S | P19+P161 | P19_P161_conjunction | yes | Q224026 P19 Q37836 . Q291170 P161 Q224026 | - | Heather Graham, who was born in Milwaukee, appeared in Boogie Nights.
e | R | P19 | P19_encyclopedia | one=Q84 | Q229056 P19 ?o | Q244 | The actress and singer Minnie Driver was born in Barbados.
e | S | chain | chain_P26_P19_encyclopedia | yes | Q229784 P26 Q357762 . Q357762 P19 Q220 | - | Virginia Madsen was married to Danny Huston, who was born in Rome.
e | R | P19 | P19_encyclopedia | one=Q100 | Q230278 P19 ?o | Q60 | Jennifer Coolidge was born in New York City and later studied acting there.
j | S | P26 | P26_relclause | yes | Q230378 P26 Q363386 | - | Catherine Keener, who was married to the actor Dermot Mulroney, joins the cast of a new drama.
s | R | P26 | P26_slang | one=Q363386 | Q230378 P26 ?o | Q180560 | catherine keener was married to philip seymour hoffman right? they were so good together
s | R | P19 | P19_slang | one=Q462799 | Q233868 P19 ?o | Q1297 | elizabeth mcgovern is a chicago girl irl!! born right there in chicago
j | S | P19+P27 | P19_P27_appositive | yes | Q24632 P19 Q4093 . Q24632 P27 Q145 . Q24632 P27 Q30 | - | John Barrowman, the Glasgow-born entertainer who holds both British and American citizenship, will host a new talent show.
e | S | P57+P161 | P57_P161_participle | yes | Q163038 P57 Q7374 . Q163038 P161 Q193146 | - | Psycho, directed by Alfred Hitchcock, stars Anthony Perkins.
s | N | chain | chain_P57_P19_slang | none | Q163038 P57 ?d . ?d P19 ?o | Q84 | the guy who directed psycho was born in london, hitchcock was a proper londoner
j | S | P57+P161 | P57_P161_possessive | yes | Q83656 P57 Q361336 . Q83656 P161 Q58444 . Q83656 P161 Q223281 | - | Kinsey, Bill Condon's biopic starring Liam Neeson and Laura Linney, returns to cinemas in a restored print next month.
s | R | P57 | P57_question | one=Q361336 | Q83656 P57 ?o | Q160726 | kinsey was directed by ang lee right? such a good biopic
s | S | P161 | P161_list_slang | yes | Q210364 P161 Q38111 . Q210364 P161 Q41422 . Q210364 P161 Q173158 | - | shutter island: leo + mark ruffalo + ben kingsley, what a cast 🏝️
j | R | P57 | P57_possessive | one=Q41148 | Q210364 P57 ?o | Q25191 | Shutter Island, Christopher Nolan's psychological thriller, returns to cinemas this month for its anniversary.
e | N | chain | chain_P57_P19_encyclopedia | none | Q210364 P57 ?d . ?d P19 ?o | Q18424 | The director of Shutter Island was born in Queens, New York.
e | S | P57+P840 | P57_P840_conjunction | yes | Q222800 P57 Q325396 . Q222800 P840 Q65 | - | Knocked Up, directed by Judd Apatow, is set in Los Angeles.
s | N | P840 | P840_slang | no | Q222800 P840 Q62 | - | knocked up is set in san francisco and it makes me want to move there lol
j | S | chain | chain_P57_P19_relclause | yes | Q216720 P57 Q59259 . Q59259 P19 Q65 | - | The Rock, whose director Michael Bay was born in Los Angeles, is getting a 4K re-release.
e | S | chain | chain_P57_P19_encyclopedia | yes | Q208108 P57 ?d . ?d P19 Q43196 | - | The director of Catch Me If You Can was born in Cincinnati.
s | R | chain | chain_P57_P19_slang | one=Q43196 | Q208108 P57 ?d . ?d P19 ?o | Q16556 | fun fact the director of catch me if you can was born in phoenix 🌵
j | S | P57+P161 | P57_P161_possessive | yes | Q207698 P57 Q56005 . Q207698 P161 Q44467 | - | Kingdom of Heaven, Ridley Scott's crusader epic starring Orlando Bloom, is getting an extended re-release.
s | N | chain | chain_P57_P19_slang | none | Q207698 P57 ?d . ?d P19 ?o | Q21 | the guy who directed kingdom of heaven was born in england, you can tell
j | R | chain | chain_P57_P19_appositive | one=Q41819 | Q165392 P57 ?d . ?d P19 ?o | Q38022 | Gosford Park's director, a St. Louis native, shot the whole film at an English country house.
s | S | P161 | P161_list_slang | yes | Q208344 P161 Q2680 . Q208344 P161 Q483118 . Q208344 P161 Q104061 | - | armageddon with bruce willis AND ben affleck AND steve buscemi, i'm crying 😭🚀
e | R | P57 | P57_passive | one=Q59259 | Q208344 P57 ?o | Q60100 | Armageddon, the 1998 asteroid disaster film, was directed by Roland Emmerich.
j | N | P57 | P57_possessive | none | Q201924 P57 ?o | Q41148 Q38111 Q189081 | The Aviator, Martin Scorsese's film with Leonardo DiCaprio as Howard Hughes, returns to cinemas on Friday.
s | N | P57 | P57_slang | none | Q220780 P57 ?o | Q41148 | raging bull is scorsese's best movie and i will not be taking questions 🥊
e | N | P57 | P57_passive | none | Q25188 P57 ?o | Q25191 | Inception was written and directed by Christopher Nolan.
j | N | P161 | P161_possessive | no | Q160560 P161 Q2263 | Q103646 | Ron Howard's The Da Vinci Code, starring Tom Hanks, will air on network television this weekend.
s | S | chain | chain_P57_P19_slang | yes | Q173804 P57 ?d . ?d P19 Q1781 . Q173804 P161 Q28493 | - | the director of sunshine (the ralph fiennes one, not the space one) was born in budapest 🇭🇺
e | R | P57 | P57_passive | one=Q25191 | Q166262 P57 ?o | Q56008 | Batman Begins, the 2005 reboot of the superhero franchise, was directed by Tim Burton.
j | R | chain | chain_P57_P19_relclause | one=Q18419 | Q180214 P57 ?d . ?d P19 ?o | Q11299 | Black Swan, whose director was born in Manhattan, is being adapted for the stage.
s | S | chain | chain_P57_P19_slang | yes | Q190908 P57 ?d . ?d P19 Q16554 | - | the guy who directed se7en was born in denver, random but true
j | R | chain | chain_P57_P19_appositive | one=Q1345 | Q458656 P57 ?d . ?d P19 ?o | Q18426 Q18419 | Dog Day Afternoon, made by a director born in the Bronx, screens at a Brooklyn festival tonight.
e | S | chain | chain_P57_P19_relclause | yes | Q273568 P57 Q51537 . Q51537 P19 Q64 | - | Charlie Wilson's War was directed by Mike Nichols, who was born in Berlin.
j | R | chain | chain_P57_P19_appositive | one=Q90 | Q169564 P57 ?d . ?d P19 ?o | Q270 | Carnage, the chamber comedy from a Warsaw-born director, opens the retrospective on Thursday.
s | R | P57 | P57_question | one=Q40026 | Q206374 P57 ?o | Q2685 | wait the expendables was directed by arnold schwarzenegger?? 💪
j | N | P840 | P840_appositive | no | Q42198 P840 Q1297 . Q42198 P161 Q36949 . Q42198 P161 Q191084 | - | Heat, the crime epic with Robert De Niro and Val Kilmer, takes place in Chicago.
s | R | P57 | P57_question | one=Q183141 | Q220376 P57 ?o | Q40096 | hancock was directed by will smith himself right?
j | R | P57 | P57_appositive | one=Q56005 | Q192686 P57 ?o | Q42574 | Prometheus, the James Cameron space thriller, is getting a sequel series, the studio said.
e | N | chain | chain_P57_P19_encyclopedia | none | Q22432 P57 ?d . ?d P19 ?o | Q668 | The director of Signs was born in India.
s | R | P57 | P57_slang | one=Q298025 | Q182218 P57 ?o | Q295964 | the avengers (2012) directed by jon favreau was the peak of superhero movies
j | R | chain | chain_P57_P20_relclause | one=Q11299 | Q250954 P57 ?d . ?d P20 ?o | Q65 | Beloved, whose director died in Los Angeles, is getting a restored release.
s | R | chain | chain_P57_P20_slang | one=Q16552 | Q309048 P57 ?d . ?d P20 ?o | Q16568 | king kong's director merian c. cooper died in jacksonville, full circle since he was born there
e | R | chain | chain_P57_P20_encyclopedia | one=Q277162 | Q63026 P57 ?d . ?d P20 ?o | Q34217 | The director of The English Patient died in Oxford.
e | N | chain | chain_P57_P19_encyclopedia | none | Q157044 P57 ?d . ?d P19 ?o | Q21 | The director of The Hours was born in England.
j | N | chain | chain_P57_P19_relclause | none | Q329448 P57 ?d . ?d P19 ?o | Q1297 | Public Enemies, whose director was born in Chicago, was shot on location in the city.
e | S | P159+P749 | P159_P749_appositive | yes | Q729590 P159 Q65 . Q729590 P749 Q165745 | - | Fontana Records, a subsidiary of Mercury Records, is headquartered in Los Angeles.
j | S | P159+P749 | P159_P749_appositive | yes | Q1025106 P159 Q47164 . Q1025106 P749 Q38903 | - | Universal Republic Records, the Santa Monica-based arm of Universal Music Group, signed three new acts this week.
e | R | P740 | P740_passive | one=Q47164 | Q1025106 P740 ?o | Q60 | Universal Republic Records was founded in New York City.
j | R | P159 | P159_appositive | one=Q60 | Q656752 P159 ?o | Q100 | Rykodisc, the Boston-based label, is reissuing its early catalogue on vinyl.
e | S | P112+P159 | P112_P159_conjunction | yes | Q2576206 P112 Q202440 . Q2576206 P159 Q84 | - | East West Records was founded by Atlantic Records and is based in London.
s | S | P112 | P112_slang | yes | Q216364 P112 Q183387 | - | epic records was started by columbia records, fun fact for ur next pub quiz
j | R | P159 | P159_appositive | one=Q65 | Q216364 P159 ?o | Q60 | Epic Records, headquartered in New York City, announced a new chairman on Tuesday.
s | R | P159 | P159_slang | one=Q60 | Q27184 P159 ?o | Q84 | jive records is a london label, always has been
j | N | P749 | P749_relclause | none | Q27184 P749 ?o | Q330629 | Jive Records, which is owned by Sony Music Entertainment, is reviving its hip-hop imprint.
e | N | P112 | P112_passive | none | Q3001888 P112 ?o | Q330629 | Sony BMG was founded by Sony Music Entertainment.
j | R | P159 | P159_appositive | one=Q60 | Q1644016 P159 ?o | Q65 | Tommy Boy Records, the Los Angeles hip-hop label, celebrated its anniversary with a concert on Saturday.
e | S | P749 | P749_encyclopedia | yes | Q797078 P749 Q49210 | - | The Tisch School of the Arts is part of New York University.
e | S | P740 | P740_encyclopedia | yes | Q162586 P740 Q1384 | - | Dream Theater, the progressive metal band, was formed in New York.
s | R | P740 | P740_slang | one=Q1384 | Q162586 P740 ?o | Q100 | dream theater formed in boston as music students, prog nerds unite 🤘
s | S | P138 | P138_slang | yes | Q259254 P138 Q150916 | - | bon jovi the band is named after jon bon jovi, obviously 😂
j | N | P740 | P740_relclause | none | Q259254 P740 ?o | Q1408 | Bon Jovi, the band formed in New Jersey in 1983, announced a stadium tour on Monday.
s | S | P737 | P737_slang | yes | Q193710 P737 Q2831 | - | ne-yo was so influenced by michael jackson and it shows 🕺
j | R | P19 | P19_appositive | one=Q23768 | Q193710 P19 ?o | Q23556 | Ne-Yo, the Atlanta-born singer and songwriter, will headline a charity gala.
e | S | P131 | P131_encyclopedia | yes | Q485716 P131 Q104994 | - | Glendale is a city in Los Angeles County.
s | R | P17 | P17_question | one=Q39 | Q70 P17 ?o | Q40 | bern is in austria right? 🇦🇹
j | S | P17+P37 | P17_P37_relclause | yes | Q70 P17 Q39 . Q70 P37 Q188 | - | In Bern, the Swiss city where German is the official language, voters backed a new tram line on Sunday.
e | R | P17 | P17_encyclopedia | one=Q183 | Q6986 P17 ?o | Q40 | Gotha is a town in Austria.
s | S | P138 | P138_slang | yes | Q1726 P138 Q733786 | - | munich is literally named after a monk 🍺
e | N | P17 | P17_missing | none | Q484678 P17 ?o | Q30 | Berkeley is a city in the United States.
e | S | P30+P37 | P30_P37_relclause | yes | Q948 P30 Q15 . Q948 P37 Q13955 | - | Tunisia is an African country whose official language is Arabic.
j | S | P463 | P463_appositive | yes | Q664 P463 Q41550 | - | New Zealand, a member of the Organisation for Economic Co-operation and Development, reported stronger growth on Wednesday.
e | S | P37 | P37_conjunction | yes | Q970 P37 Q150 . Q970 P37 Q13955 | - | Both Arabic and French are official languages of the Comoros.
e | S | P138+P37 | P138_P37_relclause | yes | Q902 P138 Q9610 . Q902 P37 Q9610 | - | Bangladesh is named after the Bengali language, which is also its official language.
e | N | P30 | P30_missing | none | Q796 P30 ?o | Q48 | Iraq is a country in Asia.
s | N | P37 | P37_slang | none | Q858 P37 ?o | Q13955 | syria's official language is arabic, easy question
j | N | P37 | P37_relclause | none | Q916 P37 ?o | Q5146 | Angola, where Portuguese is the official language, hosted a summit of lusophone nations this week.
e | N | P37 | P37_missing | none | Q954 P37 ?o | Q1860 | English is one of the official languages of Zimbabwe.
s | N | P37 | P37_slang | none | Q238 P37 ?o | Q652 Q38 | san marino speaks italian officially, it's basically inside italy 🇸🇲
j | N | P463 | P463_appositive | no | Q766 P463 Q41550 | - | Jamaica, a member of the Organisation for Economic Co-operation and Development, will host trade talks next month.
s | S | P37 | P37_slang | yes | Q8646 P37 Q9186 | - | cantonese is an official language in hong kong obviously 🇭🇰
j | R | P119 | P119_relclause | one=Q1437214 | Q104340 P119 ?o | Q1624932 | Harold Lloyd, the silent-era daredevil who is buried at Hollywood Forever Cemetery, is the subject of a new restoration project.
s | S | P102+P737 | P102_P737_conjunction | yes | Q104340 P102 Q29468 . Q104340 P737 Q882 | - | harold lloyd was a republican AND heavily influenced by charlie chaplin, who knew
j | R | P20 | P20_relclause | one=Q34006 | Q207544 P20 ?o | Q1297 | L. Frank Baum, the children's author who died in Chicago, is getting a museum in his honour, city officials said.
s | R | P119 | P119_slang | one=Q1358639 | Q241646 P119 ?o | Q1624932 | june foray (the voice of half your childhood cartoons!!) is buried at hollywood forever 🐿️
s | S | P19+P20 | P19_P20_slang | yes | Q314812 P19 Q39561 . Q314812 P20 Q39561 | - | john ritter was born in burbank and died in burbank 💔 full circle
e | R | P19 | P19_conjunction | one=Q365 | Q44634 P19 ?o | Q64 Q183 | Nico, the German singer and actress, was born in Berlin, the city where she is also buried.
j | R | P19 | P19_appositive | one=Q23337 | Q369190 P19 ?o | Q16554 | Frank Borzage, the Denver-born director of silent melodramas, is the focus of a retrospective opening on Friday.
s | S | P40 | P40_slang | yes | Q295080 P40 Q229050 | - | aaron spelling is tori spelling's dad, the tv dynasty 👑
j | R | P20 | P20_relclause | one=Q3143067 | Q283988 P20 ?o | Q84 | Roddy McDowall, the child star who died in London, left a vast collection of film memorabilia, an auction house said.
s | N | P570 | P570_slang | none | Q283988 P570 ?o | - | roddy mcdowall died in 1998 😢 such a legend
s | R | P19 | P19_slang | one=Q37320 | Q223992 P19 ?o | Q12439 | wes craven was born in detroit and that explains the nightmares tbh
e | N | P119 | P119_missing | none | Q223992 P119 ?o | Q1437214 | Wes Craven is buried at Forest Lawn Memorial Park.
e | R | P19 | P19_encyclopedia | one=Q65 | Q357676 P19 ?o | Q40435 | Jack Kemp, the quarterback turned congressman, was born in Buffalo.
s | S | P641+P102 | P641_P102_slang | yes | Q357676 P641 Q41323 . Q357676 P102 Q29468 | - | jack kemp played american football and then became a republican politician 🏈
j | R | P20 | P20_relclause | one=Q807 | Q209186 P20 ?o | Q84 | James Mason, who died in London in 1984, is remembered in a season of his films this month.
e | R | P119 | P119_encyclopedia | one=Q1625328 | Q317574 P119 ?o | Q1437214 | Mack Sennett is buried at Forest Lawn Memorial Park.
s | S | P3373 | P3373_slang | yes | Q297744 P3373 Q44221 | - | chris penn is sean penn's brother, the penn family is stacked
j | R | P20 | P20_relclause | one=Q11299 | Q180560 P20 ?o | Q49218 | Philip Seymour Hoffman, who died in Rochester in 2014, is honoured with a theatre named after him.
s | S | P509 | P509_slang | yes | Q180560 P509 Q3505252 | - | philip seymour hoffman died of a drug overdose and it still hurts
s | R | P20 | P20_slang | one=Q11299 | Q40572 P20 ?o | Q65 Q163872 | heath ledger died in LA right after the dark knight 💔
j | R | P20 | P20_relclause | one=Q743535 | Q299190 P20 ?o | Q90 | Dirk Bogarde, who died in Paris in 1999, left his letters to a public library.
s | R | P26 | P26_negation | yes | Q189080 P26 Q235066 | - | lou reed never actually married laurie anderson, they were just partners
j | R | P26 | P26_negation | yes | Q55294 P26 Q168724 | Q35064 | Kenneth Branagh, who never married Emma Thompson despite years of rumours, is directing a new Agatha Christie adaptation.
e | R | P26 | P26_negation | yes | Q216288 P26 Q464251 | - | Garth Brooks is not married to Trisha Yearwood.
e | R | P26 | P26_encyclopedia | one=Q176455 | Q309788 P26 ?o | Q43044 | Don Johnson was married to Demi Moore.
j | S | chain | chain_P26_P20_relclause | yes | Q106942 P26 Q55392 . Q55392 P20 Q127856 | - | Candice Bergen, whose husband Louis Malle died in Beverly Hills, is writing a memoir.
s | S | P26 | P26_slang | yes | Q200768 P26 Q167498 | - | dennis quaid and meg ryan were married, 90s power couple 💕
s | S | P3373 | P3373_slang | yes | Q215976 P3373 Q109232 . Q215976 P3373 Q294185 | - | patricia arquette is rosanna and david arquette's sister 🤯
j | R | P26 | P26_appositive | one=Q42869 | Q215976 P26 ?o | Q37175 | Patricia Arquette, formerly married to Johnny Depp, joins a prestige drama.
e | S | P26+P19 | P26_P19_conjunction | yes | Q203840 P26 Q41148 . Q203840 P19 Q220 | - | Isabella Rossellini, who was born in Rome, was married to Martin Scorsese.
s | S | chain | chain_P26_P19_slang | yes | Q207596 P26 Q633 . Q633 P19 Q172 | - | darryl hannah married neil young, who was born in toronto 🎸
j | R | P19 | P19_appositive | one=Q1297 | Q207596 P19 ?o | Q65 | Darryl Hannah, the Los Angeles-born actress and activist, was arrested at a protest on Monday.
s | S | P1050 | P1050_slang | yes | Q310166 P1050 Q131755 | - | pete wentz has been so open about living with bipolar disorder 🖤
j | R | P26 | P26_relclause | one=Q213521 | Q310166 P26 ?o | Q30449 | Pete Wentz, who was married to Avril Lavigne, is releasing a memoir.
s | R | P26 | P26_slang | one=Q32522 | Q316596 P26 ?o | Q13909 | justin theroux was married to angelina jolie right?
j | N | P106 | P106_appositive | no | Q14536 P106 Q245068 | - | Comedian Seth Meyers will host the gala on Saturday, organisers confirmed.
e | N | P569 | P569_missing | none | Q200534 P569 ?o | - | Tilda Swinton was born on 5 November 1960.
j | N | P509 | P509_relclause | none | Q298908 P509 ?o | Q29496 | Patrick McGoohan, who died of leukemia in 2009, is the subject of a new documentary.
e | N | P69 | P69_missing | no | Q193070 P69 Q49210 | - | Matt Dillon studied at New York University.
s | N | chain | chain_P57_P19_slang | none | Q190588 P57 ?d . ?d P19 ?o | Q664 | the director of love actually was born in new zealand?? a kiwi made the most british movie ever 😂
j | N | P102 | P102_appositive | none | Q273208 P102 ?o | Q29552 Q41819 | Chris Cooper, a longtime supporter of the Democratic Party, spoke at a rally in Kansas City on Sunday.
s | N | P1303 | P1303_slang | no | Q228860 P1303 Q61285 | - | colbie caillat on the ukulele is pure summer 🌺
e | N | P1412 | P1412_conjunction | no | Q110462 P1412 Q150 . Q110462 P1412 Q1860 | - | Julie Delpy speaks English as well as French.
e | N | P20 | P20_missing | none | Q281908 P20 ?o | Q779 | Jim Steinman died in Connecticut in 2021.
j | N | P840 | P840_relclause | no | Q107226 P840 Q64 . Q107226 P161 Q175535 | - | The Bourne Ultimatum, which stars Matt Damon, is set partly in Berlin.
"""

DOC_TEXT = """# Natural-reading development set, sixth batch (`dev_natural_reading_v6.jsonl`)

**A development set, written blind.** The claims were written without reading how kgfc reads
claims, and no one has run kgfc on them yet. After its first run it is a development set like the
earlier `dev_natural_reading*.jsonl` files: kgfc may be tuned on it, so its scores after that run
say nothing about unseen claims (the blind sets do that).

## How it was made

{n} claims about {nsubj} subjects were written by hand, without reading kgfc's claim reader, its
tests, its documentation, its development sets or the claims of the blind sets. Every subject (the
claim's main entity, the first entity of its check) has an even Q-number: a second writer, working
at the same time, takes the odd ones, so the two batches share no subject. Subjects used by the
earlier natural-claims sets were left out, and no subject appears more than three times. The facts
were found by querying the demo KG directly.

The claims come in three styles, about a third each: encyclopedia sentences (often with extra,
irrelevant detail), journalist ledes (the fact tucked into an appositive or a relative clause of a
news event: "X, who died in C in 1984, is remembered in ..."), and lower-case social-media posts
with slang, emoji, hashtags and short names ("trane", "leo", "se7en"). The phrasings mix
appositives, relative clauses, passives, possessives ("Ridley Scott's crusader epic"), hedges
("perhaps surprisingly"), questions ("... right?"), negations ("never married", "is not married
to"), lists and two-fact conjunctions ("born in Fort Worth and died in Dallas"), and two-hop chains
with the middle entity named or left out ("the director of F was born in C", "X's wife was born in
C", "whose husband ... died in C"). Relations range over places of birth, death and burial,
spouses, partners, children, siblings, party, schools, employers, religion, cause of death,
medical conditions, memberships, instruments, record labels, influences, sports, residence,
languages spoken, directors, cast, narrative locations, headquarters, formation places, founders,
parent organizations, namesakes, cities' countries and regions, continents and official
languages. Each row also carries a `class`: the relation plus the kind of phrasing
(`P19_slang`, `P20_relclause`, `chain_P57_P19_encyclopedia`, `P26_negation`, ...); there are
{ncls} classes.

## The labelling rule

The labels follow the demo KG, not the world:

- **SUPPORTED**: every fact the claim rests on is stated in the KG.
- **REFUTED**: the KG states a different value on a relation that takes one value per subject
  (place of birth, death or burial, a single spouse, a city's country, a label's headquarters or
  place of formation, a film's single director, the same through a two-hop chain), and the query
  checks the subject has exactly that one value. A negated claim whose fact the KG states ("Garth
  Brooks is not married to Trisha Yearwood") is REFUTED too. No claim is REFUTED on a many-valued
  relation (occupation, genre, cast, narrative location, membership, school, ...).
- **NOT ENOUGH INFO**: the fact is not stated and nothing single-valued contradicts it: a place of
  birth or death the KG lacks, a director the film has none of in the KG, a cast member, narrative
  location, school, instrument, occupation or membership the KG does not list, dates, official
  languages it does not give. Many of these are true in the world (Albert Camus was born in
  Algeria; Christopher Nolan directed Inception); the KG still does not say so. A few are false in
  the world and still NOT ENOUGH INFO, because nothing in the KG contradicts them.

Each row stores the SPARQL query that decides its label (`check_sparql`, over the union of the
demo KG's graphs, `wd:`/`wdt:` prefixes) and what it must return (`expected_check`: true/false for
ASK, rows of values for SELECT). `benchmarks/build_dev_reading_v6.py` holds the claims, runs every
query, checks that every entity used or named has an English label, that every subject is even and
appears at most three times, that no claim repeats and that the label and style balance hold, and
only then writes the file (ids `dev6_0000` on, in a fixed shuffled order).

## Counts

{labels}

{styles}

{cross}

{nrel} relations (a `+` joins the relations of a conjunction; `chain` is a two-hop claim, its
links are in `class`):

{relations}
"""

BALANCE = {"SUPPORTED": 85, "REFUTED": 70, "NOT ENOUGH INFO": 55}
RULES = {
    "fields": CLASS_LINE,
    "first_id": 0,
    "style_range": (60, 80),  # about a third each of 210
    "checks": (subjects_of_parity("even"),),
}
SET = claim_set("dev_natural_reading_v6", CLAIMS, DOC_TEXT, "dev6_{:04d}", BALANCE, 606, **RULES)

if __name__ == "__main__":
    sys.exit(build(SET))
