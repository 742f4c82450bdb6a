"""Build the fifth blind natural-claims set (blind_natural_v5.jsonl) and check every label.

The claims below were written by hand, as people write them (encyclopedia sentences, news ledes,
social-media posts), without reading how kgfc reads claims. Each line holds

    style | label | relation | check | SPARQL pattern | claim

style: e(ncyclopedia), j(ournalist), s(ocial); label: S(UPPORTED), R(EFUTED), N(OT ENOUGH INFO).
The check says what the pattern must give over the demo KG (``Q..`` is ``wd:Q..``, ``P..`` is
``wdt:P..``):

    yes      ASK { pattern } is true          (the claim's facts are stated)
    no       ASK { pattern } is false         (the fact is not stated)
    one=Qx   SELECT ?o { pattern } is exactly Qx (a single value that differs from the claim's)
    none     SELECT ?o { pattern } is empty   (no value at all)

The script runs every query on the demo KG (pyoxigraph, union of its graphs) and refuses to write
anything if a query disagrees, an entity has no label, a subject is used more than three times,
two claims repeat, or the balance drifts. Then it writes the JSON-lines set and its description.

    python benchmarks/build_blind_natural_v5.py

Never tune kgfc on this set.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dataset_build import BLIND_BALANCE, build, claim_set  # noqa: E402

CLAIMS = """
e|S|P19|yes|Q296843 P19 Q84|Andrew Lincoln, the English actor who trained at RADA before moving into television, was born in London.
s|S|P19|yes|Q237809 P19 Q16555|jobeth williams is a houston girl by birth, had no idea 🤠
j|S|P19|yes|Q367094 P19 Q47716|Comedian Andy Dick, a native of Charleston, has returned to the stand-up circuit, his representatives said on Thursday.
e|S|P19|yes|Q215258 P19 Q60|The pragmatist philosopher Richard Rorty, whose work bridged analytic and continental thought, was born in New York City.
s|S|P19|yes|Q231648 P19 Q43199|gabrielle union was born in omaha!! nebraska stand up 🌽
j|S|P19|yes|Q204323 P19 Q258|Phil Ramone, the record producer behind dozens of platinum albums, was born in South Africa.
e|S|P20|yes|Q234360 P20 Q744948|Actress and activist Ruby Dee died in New Rochelle.
j|S|P20|yes|Q446427 P20 Q16552|Merian Cooper, who produced King Kong, died in San Diego.
s|S|P20|yes|Q51559 P20 Q11299|sidney lumet passed away in manhattan, 12 angry men forever 🕊️
j|S|P20|yes|Q348351 P20 Q1337818|Lee J. Cobb, who created the role of Willy Loman on Broadway, died in Woodland Hills.
s|S|P20|yes|Q106514 P20 Q846421|river phoenix died in west hollywood outside the viper room. still hurts
e|S|P119|yes|Q8704 P119 Q1437214|Walt Disney is buried at Forest Lawn Memorial Park.
s|S|P119|yes|Q188426 P119 Q1358639|roy orbison's grave is at westwood village memorial park, went there last summer
j|S|P119|yes|Q207947 P119 Q5933|Composer Ralph Vaughan Williams was laid to rest in Westminster Abbey.
j|S|P119|yes|Q187019 P119 Q49109|Philip Roth was buried at Bard College, according to the novelist's wishes.
s|S|P26|yes|Q235020 P26 Q8877|amy irving was married to steven spielberg, forgot about that
j|S|P26|yes|Q222071 P26 Q8446|Courtney Love, the Hole frontwoman and widow of Kurt Cobain, was married to the Nirvana singer until his death.
e|S|P26|yes|Q357001 P26 Q234080|Bruce Dern's wife was the actress Diane Ladd.
s|S|P26|yes|Q56093 P26 Q161819|blake edwards was married to julie andrews!! mary poppins married the pink panther guy
j|S|P26|yes|Q236842 P26 Q80938|Kelly Preston, the actress married to John Travolta, was remembered by friends on Sunday.
e|S|P40|yes|Q725519 P40 Q58735|The singer Lily Allen is the daughter of actor Keith Allen.
s|S|P40|yes|Q108622 P40 Q313705|talia shire is jason schwartzman's mom. the coppola family tree is insane
j|S|P40|yes|Q205314 P40 Q106997|Jamie Lee Curtis, whose mother Janet Leigh starred in Psycho, has followed her into horror.
j|S|P40|yes|Q26695 P40 Q232495|Nicole Richie is the child of singer Lionel Richie.
s|S|P3373|yes|Q220584 P3373 Q229784|michael madsen and virginia madsen are siblings!! mr blonde has a sister
e|S|P3373|yes|Q28493 P3373 Q223790|Ralph Fiennes's brother is the actor Joseph Fiennes.
j|S|P3373|yes|Q357762 P3373 Q190998|Danny Huston, brother of Anjelica Huston, joined the cast this week.
e|S|P102|yes|Q228925 P102 Q29552|Dana Delany is a member of the Democratic Party.
s|S|P102|yes|Q132952 P102 Q29468|adam sandler is reportedly a republican, who knew
j|S|P102|yes|Q51506 P102 Q9630|Lord Attenborough was a member of the Labour Party.
e|S|P69|yes|Q234141 P69 Q523926|Ian McShane studied at the Royal Academy of Dramatic Art.
s|S|P69|yes|Q229271 P69 Q349055|lily tomlin went to wayne state, detroit represent
j|S|P69|yes|Q14045 P69 Q4359408|Moby, who attended the State University of New York at Purchase, released a new record on Friday.
s|S|P69|yes|Q342419 P69 Q230899|toby jones studied at the university of manchester, love him in everything
j|S|P69|yes|Q104266 P69 Q371625|It was at Brooklyn College that Mel Brooks studied.
e|S|P108|yes|Q58735 P108 Q9531|Lily Allen has worked for the BBC.
j|S|P108|yes|Q37767 P108 Q131252|The University of Chicago once employed the poet T. S. Eliot.
s|S|P108|yes|Q180919 P108 Q126399|natalie wood worked for warner bros back in the studio days
s|S|P140|yes|Q181425 P140 Q748|chow yun-fat is buddhist, gave away most of his fortune too
e|S|P140|yes|Q9312 P140 Q75809|Immanuel Kant was a Lutheran.
j|S|P140|yes|Q11613 P140 Q93191|President Harry S. Truman was a Baptist.
e|S|P509|yes|Q51519 P509 Q9687|The director Alan J. Pakula was killed in a traffic accident.
s|S|P509|yes|Q105460 P509 Q744913|john denver died in a plane crash 😢 #countryroads
j|S|P509|yes|Q82083 P509 Q12204|John Keats, the Romantic poet, died of tuberculosis at twenty-five.
e|S|P463|yes|Q180004 P463 Q134541|Fergie was a member of The Black Eyed Peas.
s|S|P463|yes|Q272069 P463 Q189991|damon albarn is in gorillaz, the cartoon band 🐒
j|S|P463|yes|Q211136 P463 Q48995|Bassist Jaco Pastorius was a member of Blood, Sweat & Tears.
j|S|P463|yes|Q254 P463 Q41726|Mozart was a Freemason, historians agree.
e|S|P1303|yes|Q272923 P1303 Q9798|Besides acting, Ryan O'Neal played the saxophone.
s|S|P1303|yes|Q258750 P1303 Q11405|india.arie plays the flute!! talented queen
j|S|P1303|yes|Q310300 P1303 Q51290|James Taylor, the singer-songwriter, also plays the harmonica.
e|S|P27|yes|Q228862 P27 Q34|Lena Olin is a citizen of Sweden.
j|S|P27|yes|Q206659 P27 Q27|Brendan Gleeson, the Irish actor, holds Irish citizenship.
s|S|P27|yes|Q53001 P27 Q39|godard was swiss too, not just french
s|S|P172|yes|Q5928 P172 Q1075293|jimi hendrix was irish american!! learn something new every day ☘️🎸
e|S|P172|yes|Q316138 P172 Q42406|Fantasy writer Michael Moorcock is English.
j|S|P551|yes|Q272031 P551 Q23197|Jack White, who lives in Nashville, opened a new record shop there.
s|S|P551|yes|Q188018 P551 Q387047|nick nolte lives in malibu, of course he does 🏄
e|S|P106|yes|Q48337 P106 Q2095549|In addition to his screen career, Morgan Freeman is a licensed aircraft pilot.
s|S|P106|yes|Q2599 P106 Q1028181|paul mccartney is also a painter, the man can't stop creating 🎨
j|S|P106|yes|Q9317 P106 Q193391|Keynes, the economist, also served as a diplomat.
j|S|P737|yes|Q109612 P737 Q4700|Jazz pianist Thelonious Monk was influenced by Claude Debussy.
s|S|P737|yes|Q192410 P737 Q34389|jennifer hudson was influenced by whitney houston, obviously 🎤
e|S|P57|yes|Q241391 P57 Q188726|Breaking and Entering, a 2006 drama set in King's Cross, was directed by Anthony Minghella.
s|S|P57|yes|Q220192 P57 Q47100|zoolander was directed by ben stiller himself lol
j|S|P57|yes|Q382864 P57 Q2263|Tom Hanks directed Larry Crowne, in which he also starred.
e|S|P57|yes|Q150804 P57 Q51552|The Pianist is a film by Roman Polanski.
s|S|P57|yes|Q201687 P57 Q25186|gus van sant directed milk and it still holds up
j|S|P57|yes|Q59653 P57 Q483118|Argo, the thriller about the 1980 Tehran rescue, was directed by Ben Affleck.
e|S|P161|yes|Q271690 P161 Q180850|Singer Tom Jones appears as himself in Mars Attacks!.
s|S|P161|yes|Q289204 P161 Q186327|marilyn manson has a part in lost highway, peak 90s lynch
j|S|P161|yes|Q271281 P161 Q140201|J. G. Ballard, whose novel inspired it, had a cameo in Empire of the Sun.
s|S|P161|yes|Q133654 P161 Q313009|chris isaak is in silence of the lambs!! the wicked game guy!!
j|S|P161|yes|Q323318 P161 Q332032|Alice Cooper appeared in Tim Burton's Dark Shadows.
e|S|P495|yes|Q150804 P495 Q36|The Pianist was produced in Poland, among other countries.
j|S|P495|yes|Q206124 P495 Q29|Midnight in Paris was a Spanish co-production.
s|S|P495|yes|Q313819 P495 Q183|anonymous (the shakespeare conspiracy movie) is partly a german film
e|S|P136|yes|Q270599 P136 Q224700|Scream 2 is a comedy horror film.
s|S|P136|yes|Q272608 P136 Q2421031|mulholland drive is neo-noir at its finest 🌃
j|S|P136|yes|Q188845 P136 Q663106|Rain Man, the Barry Levinson hit, is at heart a buddy film.
e|S|P840|yes|Q323318 P840 Q724|Dark Shadows is set in Maine.
s|S|P840|yes|Q183066 P840 Q796|the hurt locker takes place in iraq, intense af
j|S|P840|yes|Q204057 P840 Q1345|Philadelphia, the 1993 drama starring Tom Hanks, is set in Philadelphia.
s|S|P407|yes|Q59653 P407 Q9168|argo has persian dialogue in it btw
e|S|P17|yes|Q2634 P17 Q38|Naples, the capital of Campania, is a city in Italy.
s|S|P17|yes|Q41329 P17 Q40|linz is in austria, not germany, stop asking
j|S|P17|yes|Q39984 P17 Q142|Cannes, the French Riviera town that hosts the film festival, is in France.
j|S|P131|yes|Q23436 P131 Q22|Edinburgh, in Scotland, hosted the festival again this August.
s|S|P131|yes|Q16558 P131 Q1439|fort worth is in texas, cowtown baby 🤠
e|S|P30|yes|Q19660 P30 Q46|Bucharest is a city in Europe.
s|S|P30|yes|Q61 P30 Q49|washington dc is in north america, obviously
e|S|P37|yes|Q55 P37 Q7411|Dutch is an official language of the Netherlands.
j|S|P37|yes|Q156199 P37 Q397|The official language of the Electorate of Saxony was Latin.
e|S|P159|yes|Q778673 P159 Q5083|Sub Pop, the independent label best known for grunge, is headquartered in Seattle.
s|S|P159|yes|Q238095 P159 Q84|4ad is based in london 🖤
j|S|P159|yes|Q231694 P159 Q47164|Interscope Records, headquartered in Santa Monica, announced a new signing on Monday.
e|S|P740|yes|Q11647 P740 Q37320|It was in Cleveland that Nine Inch Nails was formed.
s|S|P740|yes|Q136591 P740 Q16555|zz top formed in houston, that little ol' band from texas 🧔
j|S|P740|yes|Q178549 P740 Q62|Counting Crows, the band formed in San Francisco, announced a reunion tour.
j|S|P112|yes|Q664167 P112 Q1101938|Arista Records, the label founded by Clive Davis, has a new chief executive.
s|S|P112|yes|Q466649 P112 Q587361|rick rubin founded american recordings, the johnny cash comeback label
j|S|P749|yes|Q1849138 P749 Q21077|Nonesuch Records is owned by Warner Music Group.
s|S|P749|yes|Q772494 P749 Q38903|chess records is under universal music group now
e|S|P57+P19|yes|Q201687 P57 ?d . ?d P19 Q43668|The director of Milk was born in Louisville.
s|S|P57+P19|yes|Q185888 P57 ?d . ?d P19 Q16554|the guy who directed the social network was born in denver
j|S|P57+P19|yes|Q79503 P57 ?d . ?d P19 Q340|Juno's director was born in Montreal.
e|S|P26+P19|yes|Q40096 P26 ?s . ?s P19 Q5092|Will Smith's wife was born in Baltimore.
s|S|P26+P19|yes|Q310343 P26 ?s . ?s P19 Q60|dudley moore's wife was a new yorker by birth
j|S|P19+P17|yes|Q95068 P19 ?c . ?c P17 Q17|Olivia de Havilland was born in Japan.
e|S|P19+P17|yes|Q199418 P19 ?c . ?c P17 Q766|Ziggy Marley was born in Jamaica.
e|S|P19+P20|yes|Q463883 P19 Q62 . Q463883 P20 Q65|Frances Marion was born in San Francisco and died in Los Angeles.
s|S|P19+P20|yes|Q313185 P19 Q1297 . Q313185 P20 Q62|fritz leiber jr: born in chicago, died in san francisco
j|S|P69+P108|yes|Q208101 P69 Q49088 . Q208101 P108 Q739627|Joseph Heller studied at Columbia University and later taught at Pennsylvania State University.
e|S|P19+P69|yes|Q360313 P19 Q24639 . Q360313 P69 Q389336|Gil Bellows, who was born in Vancouver, trained at the American Academy of Dramatic Arts.
s|S|P57+P161|yes|Q204725 P57 Q317567 . Q204725 P161 Q317567|barry sonnenfeld directed addams family values and also shows up in it
e|S|P19|one=Q60|Q204590 P19 ?o|Christian Slater was not born in Los Angeles.
s|S|P19|one=Q220|Q43252 P19 ?o|sophia loren was NOT born in naples, she's a roman 🇮🇹
j|S|P26|one=Q234144|Q2263 P26 ?o|Tom Hanks is not married to Meg Ryan, whatever the romantic comedies suggest.
e|S|P131|one=Q184|Q2280 P131 ?o|Minsk is not located in Russia.
s|S|P20|one=Q84|Q133054 P20 ?o|sylvia plath didn't die in america, it was london
s|R|P19|one=Q60|Q204590 P19 ?o|christian slater was born in chicago, pretty sure
e|R|P19|one=Q84|Q234798 P19 ?o|Imelda Staunton, celebrated for her stage work in musicals, was born in Manchester.
j|R|P19|one=Q1342|Q230320 P19 ?o|Julie Benz, a native of Cleveland, will star in the new series, the network said.
s|R|P19|one=Q1297|Q205435 P19 ?o|billy zane was born in boston, the titanic villain is a boston boy
j|R|P19|one=Q100|Q229197 P19 ?o|Lisa Edelstein, who was born in Philadelphia, is joining the cast of a legal drama.
e|R|P19|one=Q84|Q25191 P19 ?o|Christopher Nolan, the director of Inception, was born in Los Angeles.
j|R|P19|one=Q488004|Q318287 P19 ?o|Cameron Crowe was born in Seattle, the city whose music scene he later filmed.
e|R|P19|one=Q220|Q43252 P19 ?o|Sophia Loren was born in Naples.
s|R|P19|one=Q34404|Q15615 P19 ?o|lil wayne born in houston, that's why he's so texas 🤘
j|R|P19|one=Q1342|Q73089 P19 ?o|It was in Chicago that Gene Kelly, the star of Singin' in the Rain, was born.
s|R|P19|one=Q1794|Q76364 P19 ?o|hans zimmer was born in berlin, no wonder the music is so dramatic
j|R|P19|one=Q18424|Q52440 P19 ?o|LL Cool J, born in the Bronx, returned to host the ceremony.
e|R|P19|one=Q4093|Q276425 P19 ?o|Billy Boyd, who played Pippin in The Lord of the Rings, was born in Edinburgh.
e|R|P19|one=Q1297|Q180377 P19 ?o|Raymond Chandler, the creator of Philip Marlowe, was born in London.
j|R|P19|one=Q16555|Q954997 P19 ?o|Monkees guitarist Michael Nesmith was born in Dallas.
s|R|P19|one=Q42462|Q342430 P19 ?o|mark addy from the full monty was born in sheffield obviously
e|R|P19|one=Q36091|Q25078 P19 ?o|Monty Python's only American member, Terry Gilliam, was born in Chicago.
j|R|P19|one=Q33405|Q53651 P19 ?o|Josh Lucas, who was born in Atlanta, takes the lead role in the remake.
s|R|P19|one=Q8652|Q215026 P19 ?o|debbie harry was born in new jersey, that's blondie for ya
j|R|P19|one=Q6346|Q344983 P19 ?o|Kenneth "Babyface" Edmonds was born in Detroit.
s|R|P20|one=Q65|Q100937 P20 ?o|fred astaire died in london, danced till the end
j|R|P20|one=Q506446|Q9582 P20 ?o|Former president Gerald Ford died in Grand Rapids.
e|R|P20|one=Q60|Q11815 P20 ?o|James Monroe, the fifth president of the United States, died in Virginia.
s|R|P20|one=Q65|Q1276 P20 ?o|leonard cohen died in montreal, his hometown 🕯️
e|R|P20|one=Q41819|Q11613 P20 ?o|Harry S. Truman died in Independence, Missouri.
j|R|P20|one=Q61|Q11869 P20 ?o|William Henry Harrison died in Ohio, a month after taking office.
s|R|P20|one=Q656|Q7200 P20 ?o|pushkin died in moscow after that duel 😔
e|R|P20|one=Q1563|Q11256 P20 ?o|Fidel Castro died in Santiago de Cuba.
j|R|P20|one=Q23556|Q5950 P20 ?o|James Brown, the Godfather of Soul, died in Augusta.
s|R|P20|one=Q90|Q130631 P20 ?o|derrida died in algiers where he was born
j|R|P20|one=Q84|Q133054 P20 ?o|Sylvia Plath died in Boston.
e|R|P20|one=Q90|Q7199 P20 ?o|Marcel Proust, author of In Search of Lost Time, died in Venice.
j|R|P20|one=Q270|Q106685 P20 ?o|Andrzej Wajda, the Polish director, died in Kraków.
s|R|P20|one=Q350|Q9391 P20 ?o|wittgenstein died in vienna, full circle
e|R|P119|one=Q1437214|Q367032 P119 ?o|Composer Alfred Newman is buried at Hollywood Forever Cemetery.
s|R|P119|one=Q1358639|Q345517 P119 ?o|peter lawford is buried at forest lawn
j|R|P119|one=Q1603|Q51123 P119 ?o|D. W. Griffith, the pioneering director, was buried in Hollywood.
e|R|P119|one=Q1624932|Q51575 P119 ?o|John Huston is buried in Westminster Abbey.
s|R|P119|one=Q1358639|Q127330 P119 ?o|frank zappa is buried at hollywood forever cemetery
j|R|P119|one=Q1437214|Q103788 P119 ?o|Mervyn LeRoy was laid to rest at Holy Cross Cemetery.
e|R|P26|one=Q234144|Q2263 P26 ?o|Tom Hanks is married to Meg Ryan.
s|R|P26|one=Q164782|Q37628 P26 ?o|mila kunis's husband is macaulay culkin
j|R|P26|one=Q190602|Q95030 P26 ?o|Warren Beatty, whose wife is Julie Christie, attended the premiere.
e|R|P26|one=Q1203|Q117012 P26 ?o|Yoko Ono was married to Paul McCartney.
s|R|P26|one=Q200768|Q167498 P26 ?o|meg ryan was married to tom hanks, sleepless in seattle vibes
j|R|P26|one=Q255070|Q41396 P26 ?o|Josh Brolin's wife is the actress Jennifer Connelly.
e|R|P26|one=Q230378|Q363386 P26 ?o|Dermot Mulroney was married to Julia Roberts.
s|R|P26|one=Q242729|Q287977 P26 ?o|dick powell's wife was ginger rogers
e|R|P17|one=Q30|Q18383 P17 ?o|Providence is a city in Canada.
s|R|P17|one=Q40|Q41329 P17 ?o|linz is a german city, right on the danube
j|R|P17|one=Q17|Q1490 P17 ?o|Tokyo, China's largest city, hosted the summit.
e|R|P17|one=Q29|Q1492 P17 ?o|Barcelona is located in Portugal.
s|R|P17|one=Q155|Q8678 P17 ?o|rio de janeiro is in argentina 🇦🇷
j|R|P17|one=Q142|Q39984 P17 ?o|Cannes, the Italian resort town, opened its festival on Tuesday.
s|R|P17|one=Q38|Q2634 P17 ?o|naples is in spain, i'm like 90% sure
e|R|P17|one=Q17|Q35765 P17 ?o|Ōsaka is a city in South Korea.
e|R|P740|one=Q84|Q45188 P740 ?o|Coldplay was formed in Manchester.
s|R|P740|one=Q84|Q202041 P740 ?o|jamiroquai formed in glasgow, space cowboy forever 🚀
j|R|P740|one=Q65|Q134541 P740 ?o|The Black Eyed Peas, a group formed in Chicago, announced a stadium tour.
e|R|P740|one=Q16568|Q507327 P740 ?o|The Allman Brothers Band was formed in Macon, Georgia.
s|R|P740|one=Q84|Q188713 P740 ?o|the kinks were formed in liverpool like the beatles
e|R|P740|one=Q18125|Q133405 P740 ?o|The Bee Gees were formed in Sydney.
j|R|P740|one=Q60|Q48995 P740 ?o|Blood, Sweat & Tears, the jazz-rock outfit formed in Los Angeles, is touring again.
s|R|P740|one=Q1490|Q174291 P740 ?o|morning musume formed in osaka!! 🎀
e|R|P159|one=Q5083|Q778673 P159 ?o|Sub Pop is headquartered in Portland.
j|R|P159|one=Q84|Q935090 P159 ?o|London Records is based in New York City.
s|R|P159|one=Q34006|Q726153 P159 ?o|epitaph records hq is in san francisco
e|R|P159|one=Q60|Q202585 P159 ?o|RCA Records has its headquarters in Nashville.
j|R|P159|one=Q60|Q585643 P159 ?o|Atco Records, headquartered in Los Angeles, reissued the album on Friday.
s|R|P159|one=Q1490|Q732503 P159 ?o|sony music japan is headquartered in kyoto
e|R|P57|one=Q51583|Q200299 P57 ?o|All About Eve was directed by Billy Wilder.
s|R|P57|one=Q51547|Q190086 P57 ?o|some like it hot was directed by howard hawks
j|R|P57|one=Q34816|Q183066 P57 ?o|James Cameron directed The Hurt Locker, which won best picture.
s|R|P57|one=Q184903|Q190050 P57 ?o|fight club is a christopher nolan movie, peak cinema
e|R|P57|one=Q230448|Q117315 P57 ?o|The Piano, set in nineteenth-century New Zealand, was directed by Peter Jackson.
j|R|P57|one=Q51489|Q183063 P57 ?o|The Sixth Sense, directed by Steven Spielberg, is being re-released.
e|R|P57|one=Q187364|Q134773 P57 ?o|Forrest Gump was directed by Ron Howard.
s|R|P131|one=Q184|Q2280 P131 ?o|minsk is in ukraine 🇺🇦
e|R|P131|one=Q22|Q23436 P131 ?o|Edinburgh is located in England.
j|R|P131|one=Q865|Q1867 P131 ?o|Taipei, a city in Japan, welcomed the delegation.
e|R|P131|one=Q1439|Q16558 P131 ?o|Fort Worth is located in Oklahoma.
e|R|P30|one=Q46|Q19660 P30 ?o|Bucharest is in Asia.
s|R|P30|one=Q49|Q61 P30 ?o|washington dc is in europe, told ya 🌍
e|R|P57+P19|one=Q1022|Q184605 P57 ?d . ?d P19 ?o|The director of 2012 was born in Munich.
s|R|P57+P19|one=Q10686|Q114115 P57 ?d . ?d P19 ?o|the guy who directed henry v (1989) was born in dublin
j|R|P57+P19|one=Q5092|Q188845 P57 ?d . ?d P19 ?o|Rain Man's director was born in Washington, D.C.
e|R|P57+P19|one=Q975|Q196004 P57 ?d . ?d P19 ?o|From Dusk till Dawn was directed by a filmmaker born in Mexico City.
s|R|P57+P19|one=Q12439|Q182692 P57 ?d . ?d P19 ?o|apocalypse now's director was born in new york city
j|R|P57+P19|one=Q84|Q61696 P57 ?d . ?d P19 ?o|Midnight Cowboy was directed by a man born in Manchester.
e|R|P26+P19|one=Q16555|Q167498 P26 ?s . ?s P19 ?o|Meg Ryan's husband was born in Oklahoma City.
s|R|P26+P19|one=Q43421|Q190602 P26 ?s . ?s P19 ?o|annette bening's husband was born in los angeles
j|R|P26+P19|one=Q62|Q8446 P26 ?s . ?s P19 ?o|Kurt Cobain's wife was born in Seattle.
e|R|P19+P17|one=Q30|Q106175 P19 ?c . ?c P17 ?o|John Cusack was born in Canada.
s|R|P19+P17|one=Q30|Q105875 P19 ?c . ?c P17 ?o|herbie hancock was born in the uk
e|R|P19|yes|Q51559 P19 Q1345|Sidney Lumet was not born in Philadelphia.
s|R|P19|yes|Q5928 P19 Q5083|contrary to popular belief jimi hendrix wasn't born in seattle
j|R|P19|yes|Q254 P19 Q34713|Mozart was not, as is often said, born in Salzburg.
s|R|P19|yes|Q62766 P19 Q18419|jay z is NOT from brooklyn, stop saying that
e|R|P20|yes|Q1203 P20 Q60|John Lennon did not die in New York City.
e|R|P19+P20|one=Q641|Q1511 P19 Q2079 . Q1511 P20 ?o|Richard Wagner was born in Leipzig and died in Vienna.
j|R|P19|one=Q649|Q991 P19 ?o|Fyodor Dostoyevsky, the author of Crime and Punishment, was born in Saint Petersburg.
s|R|P19|one=Q456|Q104326 P19 ?o|jean-michel jarre was born in marseille, oxygène is eternal
j|R|P19+P20|one=Q744948|Q234360 P19 Q37320 . Q234360 P20 ?o|Ruby Dee, born in Cleveland, died in Harlem.
e|R|P19|one=Q62|Q257243 P19 ?o|Comedian Margaret Cho was born in Seoul.
j|R|P19|one=Q16563|Q175142 P19 ?o|Cybill Shepherd, a native of Nashville, is writing a memoir.
e|N|P106|no|Q234798 P106 Q36180|Imelda Staunton is also a published writer.
s|N|P106|no|Q205435 P106 Q1028181|billy zane paints too, his canvases are so good
j|N|P106|no|Q299309 P106 Q40348|Peter MacNicol, who trained as a lawyer, has joined a new drama.
e|N|P106|no|Q229197 P106 Q39631|Lisa Edelstein worked as a physician before acting.
s|N|P106|no|Q25191 P106 Q33231|christopher nolan started out as a photographer
e|N|P106|no|Q362332 P106 Q82955|David Cross has worked as a politician.
j|N|P106|no|Q264914 P106 Q177220|Jorge Garcia, the star of Lost, is also a singer.
s|N|P106|no|Q184785 P106 Q37226|anne rice was a teacher before the vampire books
e|N|P106|no|Q20178 P106 Q2526255|Joe Pesci has also worked as a film director.
j|N|P106|no|Q380904 P106 Q188094|Steve Schirripa, who played Bobby on The Sopranos, trained as an economist.
s|N|P106|no|Q349852 P106 Q4610556|tom sizemore was a model back in the day
e|N|P106|no|Q181899 P106 Q36834|Cliff Robertson was also a composer.
s|N|P106|no|Q369292 P106 Q386854|thomas dekker is a drummer too, who knew
e|N|P106|no|Q379808 P106 Q245068|Elias Koteas started out as a stand-up comedian.
j|N|P106|no|Q53001 P106 Q1028181|Jean-Luc Godard also exhibited as a painter.
e|N|P166|no|Q296843 P166 ?a|Andrew Lincoln has won an Academy Award.
s|N|P166|no|Q231648 P166 ?a|gabrielle union won a golden globe for bring it on
j|N|P166|no|Q234030 P166 ?a|C. J. Cherryh won the Hugo Award for her novel Downbelow Station.
e|N|P166|no|Q206659 P166 ?a|Brendan Gleeson received an Emmy Award.
s|N|P166|no|Q344983 P166 ?a|babyface has like 12 grammys
j|N|P166|no|Q51506 P166 ?a|Richard Attenborough won the Academy Award for Best Director for Gandhi.
e|N|P569|no|Q215258 P569 ?d|Richard Rorty was born on 4 October 1931.
s|N|P569|no|Q202859 P569 ?d|flea was born october 16 1962 🎂
j|N|P570|no|Q106514 P570 ?d|River Phoenix died on 31 October 1993.
e|N|P570|no|Q961851 P570 ?d|Nelson Riddle died in 1985.
e|N|P20|none|Q180377 P20 ?o|Raymond Chandler died in La Jolla.
s|N|P20|none|Q219780 P20 ?o|hunter s thompson died at his place in woody creek colorado
s|N|P119|none|Q5928 P119 ?o|jimi hendrix is buried in renton, paid my respects last year 🙏
e|N|P119|none|Q2643 P119 ?o|George Harrison is buried in Liverpool.
j|N|P119|none|Q51559 P119 ?o|Sidney Lumet was buried in Manhattan.
e|N|P20|none|Q184785 P20 ?o|Anne Rice died in Rancho Mirage.
e|N|P26|none|Q25191 P26 ?o|Christopher Nolan is married to the producer Emma Thomas.
s|N|P26|none|Q48337 P26 ?o|morgan freeman was married to myrna colley-lee
j|N|P26|none|Q95043 P26 ?o|James Caan, whose wife Linda Stokes filed for divorce, spoke to reporters.
e|N|P26|none|Q184697 P26 ?o|Gloria Estefan is married to the producer Emilio Estefan.
s|N|P40|none|Q25078 P40 ?o|terry gilliam's daughter amy is a producer too
e|N|P40|none|Q76364 P40 ?o|Hans Zimmer has four children.
j|N|P40|none|Q132952 P40 ?o|Adam Sandler's daughter Sunny appears in his new film.
e|N|P3373|none|Q129591 P3373 ?o|Hugh Jackman has an older brother named Ian.
e|N|P102|none|Q48337 P102 ?o|Morgan Freeman is a member of the Democratic Party.
j|N|P102|none|Q20178 P102 ?o|Joe Pesci, a registered Republican, endorsed the candidate.
s|N|P102|none|Q204590 P102 ?o|christian slater is a registered democrat
e|N|P69|no|Q296843 P69 Q34433|Andrew Lincoln read English at the University of Oxford.
s|N|P69|no|Q231648 P69 Q49088|gabrielle union went to columbia before ucla
e|N|P69|no|Q184785 P69 Q13371|Anne Rice attended Harvard University.
s|N|P69|no|Q272031 P69 Q49112|jack white dropped out of yale lol
e|N|P108|no|Q215258 P108 Q41506|Richard Rorty taught at Stanford University.
j|N|P108|no|Q37767 P108 Q13371|T. S. Eliot taught at Harvard University.
s|N|P108|no|Q134333 P108 Q9531|roger moore worked for the bbc as a presenter
j|N|P140|none|Q229197 P140 ?o|Lisa Edelstein, who is Jewish, spoke at the fundraiser.
e|N|P463|no|Q313013 P463 Q48995|Brian Wilson was also a member of Blood, Sweat & Tears.
s|N|P463|no|Q712860 P463 Q134541|chris martin was briefly in the black eyed peas
e|N|P1303|no|Q272031 P1303 Q5994|Jack White also plays the piano.
s|N|P1303|no|Q297552 P1303 Q9798|tom morello plays sax too 🎷
e|N|P161|no|Q201687 P161 Q37079|Tom Cruise has a small role in Milk.
s|N|P161|no|Q44578 P161 Q41163|al pacino was in titanic apparently, i don't remember that
j|N|P161|no|Q220192 P161 Q40096|Zoolander featured a cameo by Will Smith.
e|N|P161|no|Q47703 P161 Q42930|Dustin Hoffman appeared in The Godfather.
e|N|P136|no|Q150804 P136 Q157443|The Pianist is a comedy film.
j|N|P136|no|Q272608 P136 Q1054574|Mulholland Drive is a romance film.
e|N|P840|no|Q189505 P840 Q771|Jaws is set in Massachusetts.
s|N|P840|no|Q190050 P840 Q1384|fight club takes place in new york
e|N|P495|none|Q189505 P495 ?o|Jaws is an American film.
j|N|P495|none|Q59653 P495 ?o|Argo is an American production.
e|N|P58|no|Q200299 P58 ?w|All About Eve was written by Joseph L. Mankiewicz.
s|N|P58|no|Q190050 P58 ?w|fight club was written by jim uhls based on palahniuk
j|N|P58|no|Q183066 P58 ?w|The screenplay of The Hurt Locker was written by Mark Boal.
e|N|P86|no|Q44578 P86 ?c|James Horner composed the score for Titanic.
s|N|P86|no|Q189505 P86 ?c|john williams did the jaws theme, duuun dun
e|N|P112|none|Q778673 P112 ?o|Sub Pop was founded by Bruce Pavitt and Jonathan Poneman.
j|N|P112|none|Q231694 P112 ?o|Interscope Records, co-founded by Jimmy Iovine, has signed the band.
s|N|P737|no|Q183492 P737 Q133054|margaret atwood was influenced by sylvia plath, you can feel it
e|N|P131|none|Q41329 P131 ?o|Linz is the capital of Upper Austria.
s|N|P112|none|Q45188 P112 ?o|coldplay was founded by chris martin and jonny buckland at ucl
j|N|P551|none|Q25078 P551 ?o|Terry Gilliam, who lives in London, spoke at the festival.
"""

DOC_TEXT = """# Blind natural claims, fifth set (`blind_natural_v5.jsonl`)

**Never tune on this set.** It is held out to measure how well kgfc reads claims as people write
them. Nobody changing kgfc's code reads it, and no threshold, rule or prompt is fitted to it.

## How it was made

{n} claims were written by hand, without reading kgfc's claim reader or its other benchmark sets,
in three styles: encyclopedia sentences (often with extra, irrelevant detail), journalist ledes
(titles, attributions, "on Tuesday"), and lower-case social-media posts with slang, emoji and
hashtags. The phrasings mix appositives, relative clauses, passives, possessives, clefts
("It was in Cleveland that..."), hedges, negations ("X was not born in Y"), two-fact conjunctions,
two-hop chains ("the director of F was born in C"), and short names or nicknames.

The labels follow the demo KG, not the world:

- **SUPPORTED**: every fact the claim rests on is stated in the KG.
- **REFUTED**: the KG states a different value on a relation that takes one value per subject
  (place of birth or death, burial place, a single spouse, a city's country or region, a band's or
  label's place of formation or headquarters, a film's single director), and the query checks the
  subject has exactly that one value. A negated claim whose fact the KG states is REFUTED too.
  No claim is REFUTED on a many-valued relation.
- **NOT ENOUGH INFO**: the claim's fact is not stated and nothing single-valued contradicts it:
  an occupation, school, employer, cast member or genre the KG does not list, awards, dates,
  screenwriters and film composers the KG does not give, places of death or burial it lacks.
  Some of these are true in the world; the KG still does not say so.

Each row stores the SPARQL query that decides its label (`check_sparql`, over the union of the
demo KG's graphs, `wd:`/`wdt:` prefixes) and what it must return (`expected_check`: true/false for
ASK, rows of values for SELECT). `benchmarks/build_blind_natural_v5.py` holds the claims, runs
every query, checks that every entity used has a label, that no subject appears more than three
times and that no claim repeats, then writes the file. `python benchmarks/blindset_check.py --set
v5` re-checks the written file.

## Counts

{labels}

{styles}

{nrel} relations (a `+` joins the relations of a chain or a conjunction):

{relations}
"""

SET = claim_set("blind_natural_v5", CLAIMS, DOC_TEXT, "bn5-{:03d}", BLIND_BALANCE, 5)

if __name__ == "__main__":
    sys.exit(build(SET))
