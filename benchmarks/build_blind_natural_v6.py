"""Build the sixth blind natural-claims set (blind_natural_v6.jsonl) and check every label.

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

    python benchmarks/build_blind_natural_v6.py

Never tune kgfc on this set.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dataset_build import BLIND_BALANCE, build, claim_set  # noqa: E402

CLAIMS = """
j|S|P19|yes|Q314502 P19 Q340|Jason Reitman, the Montreal-born director of Juno, will preside over this year's jury, the festival announced on Wednesday.
j|S|P19|yes|Q346801 P19 Q484678|R.E.M. guitarist Peter Buck, a Berkeley native, has announced a solo tour.
j|S|P19|yes|Q211144 P19 Q12439|Ellen Burstyn, the Oscar winner born in Detroit, will receive a lifetime honor next month, organizers announced on Monday.
s|S|P19|yes|Q251865 P19 Q5083|duff mckagan is a seattle kid through and through, gnr's bassist came straight out of the punk scene there #seattle
j|S|P19|yes|Q104049 P19 Q8652|Sidney Poitier, who grew up in the Bahamas, was in fact born in Miami, biographers note.
e|S|P19|yes|Q191966 P19 Q37836|It was in Milwaukee that Gene Wilder, later the screen's Willy Wonka, was born.
s|S|P19|yes|Q23814 P19 Q23154|stephen merchant isn't from london like everyone thinks, he was born in bristol. explains the accent lol
j|S|P19|yes|Q38757 P19 Q2749|Playwright Bertolt Brecht was born in the Bavarian city of Augsburg, a new exhibition there reminds visitors.
s|S|P19|yes|Q184249 P19 Q23556|kelly rowland is an atlanta native, destiny's child legend 👑
e|S|P20|yes|Q233253 P20 Q23197|June Carter Cash died in Nashville in 2003, only months before her husband.
j|S|P20|yes|Q460876 P20 Q34006|Lenny Bruce, who died in Hollywood in 1966, was pardoned decades later, news reports recalled.
j|S|P20|yes|Q191037 P20 Q11299|Muppets creator Jim Henson died in Manhattan, a hospital spokesperson confirmed at the time.
j|S|P20|yes|Q42 P20 Q159288|Douglas Adams, who died in Santa Barbara in 2001, was celebrated by fans on Towel Day, organizers said on Sunday.
s|S|P20|yes|Q5604 P20 Q16556|frank lloyd wright passed away in phoenix, makes sense given taliesin west 🌵
j|S|P20|yes|Q107130 P20 Q1156|Rajesh Khanna, often called Bollywood's first superstar, died in Mumbai.
e|S|P20|yes|Q19837 P20 Q47265|Apple co-founder Steve Jobs died at his home in Palo Alto.
e|S|P119|yes|Q82925 P119 Q29303|Joseph Conrad is buried in Canterbury.
j|S|P119|yes|Q17714 P119 Q5933|Stephen Hawking's ashes were interred in Westminster Abbey, between Newton and Darwin.
s|S|P119|yes|Q134180 P119 Q1358639|truman capote is buried at westwood village memorial park, same cemetery as marilyn 🌹
e|S|P119|yes|Q78505 P119 Q1624932|Peter Lorre was laid to rest at Hollywood Forever Cemetery.
j|S|P26|yes|Q203268 P26 Q230641|Michael C. Hall was married to Jennifer Carpenter, the actress who played his sister on Dexter.
s|S|P26|yes|Q193628 P26 Q259913|sofia coppola was married to spike jonze. so lost in translation was about him?? 👀
j|S|P26|yes|Q238912 P26 Q269927|Lindsay Crouse, once the wife of playwright David Mamet, returns to the stage in a revival of his work, the theatre said.
j|S|P26|yes|Q116861 P26 Q4465|Fran Walsh, Peter Jackson's wife and longtime writing partner, shared the stage with him on Sunday.
s|S|P26|yes|Q239818 P26 Q310343|tuesday weld married dudley moore. what an odd couple
e|S|P40|yes|Q1698 P40 Q276005|Charlotte Gainsbourg is the daughter of Serge Gainsbourg.
s|S|P40|yes|Q106775 P40 Q362500|jared harris is richard harris's son!!! dumbledore's kid was in mad men
j|S|P40|yes|Q318263 P40 Q156552|Actress Lynn Redgrave, whose father was Sir Michael Redgrave, is the subject of a new biography.
s|S|P3373|yes|Q168992 P3373 Q213521|jessica and ashlee simpson are sisters, the reality show era was something 😭
j|S|P3373|yes|Q296872 P3373 Q188482|Barry Gibb, the last surviving Bee Gee, paid tribute to his brother Robin on Friday.
s|S|P451|yes|Q2071 P451 Q203840|david lynch and isabella rossellini were a couple!! blue velvet makes more sense now
j|S|P451|yes|Q188459 P451 Q103157|Goldie Hawn, whose partner of four decades is Kurt Russell, said the two have never felt the need to marry.
s|S|P102|yes|Q181677 P102 Q29552|george rr martin is a democrat, not that it gets winds of winter out any faster 🐉
j|S|P102|yes|Q373895 P102 Q29552|Betty White, the Golden Girls star, was a Democrat.
s|S|P69|yes|Q270669 P69 Q248970|melissa etheridge went to berklee! #musicschool
j|S|P69|yes|Q228739 P69 Q49119|Debra Messing, a graduate of Brandeis University, returned to campus on Wednesday to address students.
e|S|P108|yes|Q36591 P108 Q49115|Vladimir Nabokov taught at Cornell University.
s|S|P108|yes|Q909 P108 Q194223|borges worked at the university of buenos aires, the library guy had a day job too
s|S|P140|yes|Q317358 P140 Q748|michael imperioli is a buddhist, christopher moltisanti found peace 🙏
j|S|P140|yes|Q310116 P140 Q432|Rapper Lupe Fiasco, who follows Islam, spoke about his faith in an interview published on Tuesday.
j|S|P509|yes|Q311306 P509 Q12206|Luther Vandross died of diabetes, his family said at the time.
j|S|P509|yes|Q598344 P509 Q181257|Merv Griffin, the talk show host behind Jeopardy!, died of prostate cancer.
j|S|P463|yes|Q34969 P463 Q123885|Benjamin Franklin was a fellow of the Royal Society.
s|S|P463|yes|Q221468 P463 Q162586|mike portnoy was in dream theater, the drummer of all drummers 🥁
s|S|P1303|yes|Q194287 P1303 Q258896|joe satriani plays the banjo too?? guitar god moment
e|S|P1303|yes|Q346801 P1303 Q302497|Besides guitar, R.E.M.'s Peter Buck plays the mandolin.
j|S|P27|yes|Q233365 P27 Q16|Catherine O'Hara, a Canadian citizen, took home the award on Sunday night, organizers said.
s|S|P27|yes|Q181678 P27 Q34|dolph lundgren is swedish 🇸🇪 ivan drago was never russian lol
s|S|P172|yes|Q19837 P172 Q141817|steve jobs was german american on his mom's side apparently
e|S|P551|yes|Q905 P551 Q1085|Franz Kafka lived in Prague.
s|S|P551|yes|Q309555 P551 Q18419|michael cera lives in brooklyn now, extremely on brand
e|S|P106|yes|Q25973 P106 Q1028181|Hermann Hesse also worked as a painter.
s|S|P106|yes|Q213864 P106 Q10349745|paul walker was an actual racing driver, not just in the movies 🏎️
e|S|P106|yes|Q180727 P106 Q644687|The composer John Cage was also an illustrator.
e|S|P737|yes|Q8873 P737 Q53004|Satyajit Ray was influenced by Vittorio De Sica.
j|S|P737|yes|Q110436 P737 Q188987|Author Cory Doctorow, who was influenced by William Gibson, unveiled his new novel at a reading on Tuesday.
e|S|P57|yes|Q300439 P57 Q55422|A History of Violence was directed by David Cronenberg.
s|S|P57|yes|Q139326 P57 Q192762|the wrestler is a darren aronofsky film and mickey rourke deserved the oscar
j|S|P57|yes|Q142292 P57 Q103917|Traffic, Steven Soderbergh's drug-war drama, returns to cinemas this week.
s|S|P57|yes|Q114819 P57 Q2071|dune (the 84 one) was directed by david lynch and it's a glorious mess
s|S|P161|yes|Q233464 P161 Q4028|paul simon is in annie hall?? just noticed
j|S|P161|yes|Q243983 P161 Q206922|Andy Serkis appears in Rise of the Planet of the Apes.
e|S|P161|yes|Q132351 P161 Q193668|The cast of The Usual Suspects includes Benicio del Toro.
e|S|P136|yes|Q193066 P136 Q860626|Breakfast at Tiffany's is a romantic comedy.
s|S|P136|yes|Q26876 P136 Q484641|taylor swift makes pop rock. fight me
e|S|P264|yes|Q33240 P264 Q1047366|Drake is signed to Cash Money Records.
s|S|P264|yes|Q206439 P264 Q183387|isaac hayes was on columbia records at one point
e|S|P264|yes|Q189991 P264 Q203059|Gorillaz released music through Virgin Records.
s|S|P840|yes|Q109767 P840 Q1297|the blues brothers is set in chicago, sweet home 🎷
j|S|P840|yes|Q107761 P840 Q1490|You Only Live Twice, the Bond film set in Tokyo, returns to cinemas in a restored print this weekend.
e|S|P495|yes|Q200672 P495 Q145|Notting Hill is a British film.
s|S|P495|yes|Q165394 P495 Q16|bowling for columbine counts as a canadian film?? wild
e|S|P17|yes|Q437 P17 Q215|It is Slovenia, not Slovakia, that Ljubljana belongs to.
s|S|P17|yes|Q2135 P17 Q16|winnipeg is in canada and it is COLD 🥶
e|S|P131|yes|Q16554 P131 Q1261|Denver is located in Colorado.
s|S|P131|yes|Q8047423 P131 Q49145|the yale school of drama is in new haven obviously
e|S|P740|yes|Q600344 P740 Q172|The Band was formed in Toronto.
s|S|P740|yes|Q277551 P740 Q23768|panic! at the disco formed in las vegas 🎰
j|S|P740|yes|Q202314 P740 Q1761|Thin Lizzy, the band behind The Boys Are Back in Town, was formed in Dublin.
e|S|P159|yes|Q1047366 P159 Q34404|Cash Money Records is headquartered in New Orleans.
s|S|P159|yes|Q798658 P159 Q61|bad boy records is based in washington dc?? i always assumed nyc
j|S|P112|yes|Q277626 P112 Q344822|A&M Records, the label founded by trumpeter Herb Alpert, marked its anniversary with a concert on Monday.
s|S|P112|yes|Q654283 P112 Q587361|def jam was founded by rick rubin, dorm room legend
j|S|P749|yes|Q43327 P749 Q38903|Motown Records is owned by Universal Music Group.
s|S|P101|yes|Q9049 P101 Q7163|chomsky works on politics as much as linguistics tbh
e|S|P135|yes|Q5912 P135 Q39427|Among the movements Marcel Duchamp was associated with was Surrealism.
s|S|P135|yes|Q5383 P135 Q76092|bowie WAS glam rock ⚡
s|S|P641|yes|Q41871 P641 Q5386|paul newman raced cars for real 🏁
e|S|P1050|yes|Q47087 P1050 Q12195|Arthur C. Clarke had polio.
e|S|P37|yes|Q730 P37 Q7411|Dutch is the official language of Suriname.
s|S|P37|yes|Q822 P37 Q150|french is an official language of lebanon, TIL
j|S|P30|yes|Q1019 P30 Q15|Madagascar, the island nation off the coast of Africa, is part of the African continent, geographers say.
e|S|P138|yes|Q16568 P138 Q11817|Jacksonville is named after Andrew Jackson.
s|S|P138|yes|Q2795 P138 Q9061|chemnitz is named after karl marx?? oh right, karl-marx-stadt
e|S|P1412|yes|Q6882 P1412 Q652|James Joyce spoke Italian.
s|S|P1412|yes|Q106193 P1412 Q9035|lars ulrich speaks danish, metallica's drummer is a dane 🇩🇰
j|S|P57+P19|yes|Q139326 P57 ?d . ?d P19 Q18419|The Wrestler was directed by a Brooklyn-born filmmaker.
s|S|P19+P20|yes|Q25120 P19 Q1891 . Q25120 P20 Q220|pasolini: born in bologna, died in rome. what a life
s|S|P19+P17|yes|Q202859 P19 ?c . ?c P17 Q408|wait flea from the chili peppers was born in australia?? 🦘🌶️
e|S|P57+P161|yes|Q380981 P57 Q47100 . Q380981 P161 Q47100|Ben Stiller both directed and starred in Tropic Thunder.
s|S|P26+P19|yes|Q163249 P26 ?s . ?s P19 Q16563|jessica biel married a guy from memphis, you know who 🕺
e|S|P749+P159|yes|Q1046066 P749 ?p . ?p P159 Q60|Fueled By Ramen's parent company is headquartered in New York City.
j|S|P19+P20|yes|Q34969 P19 Q100 . Q34969 P20 Q1345|Benjamin Franklin, born in Boston, died in Philadelphia.
s|S|P19|one=Q23154|Q83410 P19 ?o|cary grant was NOT born in london, people always get this wrong, he's a bristol boy
e|R|P19|one=Q60|Q193146 P19 ?o|Anthony Perkins, remembered for Psycho, was born in Boston.
s|R|P19|one=Q16556|Q234685 P19 ?o|michelle branch is from sedona, arizona, born and raised ☀️
j|R|P19|one=Q60|Q51511 P19 ?o|George A. Romero, the Pittsburgh-born father of the zombie film, is honored at a retrospective opening Friday.
e|R|P19|one=Q18419|Q1101938 P19 ?o|Record executive Clive Davis was born in Boston.
s|R|P19|one=Q60|Q311238 P19 ?o|sean lennon was born in liverpool like his dad 🎹
j|R|P19|one=Q61|Q235511 P19 ?o|Taraji P. Henson, who was born in Baltimore, received a star on the Walk of Fame on Tuesday.
e|R|P19|one=Q84|Q190251 P19 ?o|Pink Floyd keyboardist Richard Wright was born in Cambridge.
s|R|P19|one=Q342803|Q237194 P19 ?o|wanda sykes was born in richmond virginia and it shows lmao
j|R|P19|one=Q18419|Q410 P19 ?o|Carl Sagan, the astronomer born in Chicago, is the subject of a new documentary premiering Thursday.
j|R|P19|one=Q34006|Q315208 P19 ?o|Noah Wyle, the ER star born in San Diego, is returning to hospital drama, the network said.
j|R|P19|one=Q60|Q16390 P19 ?o|Humphrey Bogart, a San Francisco native, is getting a biopic, the studio announced.
e|R|P19|one=Q65|Q4119 P19 ?o|Adam Carolla was born in Philadelphia.
j|R|P19|one=Q60|Q109232 P19 ?o|Rosanna Arquette, a Chicago native, will direct her second documentary, producers announced.
s|R|P19|one=Q11299|Q61059 P19 ?o|ira gershwin was born in brooklyn just like his brother george 🎶
e|R|P19|one=Q189960|Q231182 P19 ?o|Kelly Osbourne was born in Birmingham.
j|R|P19|one=Q47164|Q230636 P19 ?o|Geraldine Chaplin, born in London to Charlie Chaplin and Oona O'Neill, opened the festival on Saturday.
s|R|P19|one=Q84|Q714845 P19 ?o|the edge was born in dublin obviously, u2 are all dubliners ☘️
e|R|P19|one=Q65|Q238919 P19 ?o|Eileen Brennan, best known for Private Benjamin, was born in New York.
j|R|P19|one=Q34006|Q234144 P19 ?o|Rita Wilson, who was born in Athens, has released a new album of Greek songs.
s|R|P19|one=Q79848|Q267772 P19 ?o|garry chalk is a vancouver-born legend of canadian voice acting 🇨🇦
e|R|P19|one=Q1297|Q313256 P19 ?o|Bob Fosse was, by most accounts, born in New York City.
j|R|P19|one=Q8652|Q104049 P19 ?o|Sidney Poitier was born in Nassau, according to a tribute aired on Friday.
e|R|P20|one=Q65|Q311253 P20 ?o|The science-fiction writer Harlan Ellison died in Cleveland.
s|R|P20|one=Q65|Q49004 P20 ?o|patrick swayze died in houston where he grew up, rip johnny castle 💃
j|R|P20|one=Q60|Q296287 P20 ?o|Ben Gazzara, star of Anatomy of a Murder, died in Rome, his agent said at the time.
j|R|P20|one=Q127856|Q233854 P20 ?o|Rosalind Russell, the His Girl Friday star who died in Waterbury, is the focus of a retrospective, the museum said.
s|R|P20|one=Q34006|Q1514 P20 ?o|janis joplin died back home in port arthur texas 😢
e|R|P20|one=Q65|Q40640 P20 ?o|Ray Bradbury died in Waukegan, the town he fictionalized as Green Town.
j|R|P20|one=Q100|Q83484 P20 ?o|Anthony Quinn, the Zorba the Greek star, died in Mexico City.
j|R|P20|one=Q65|Q349690 P20 ?o|Mel Blanc, the voice of Bugs Bunny, died in San Francisco, the obituary said.
e|R|P20|one=Q60|Q103767 P20 ?o|Charlie Parker died in Kansas City, where his career began.
j|R|P20|one=Q60|Q4985 P20 ?o|Herman Melville, the author of Moby-Dick, died in Pittsfield, Massachusetts.
e|R|P20|one=Q23436|Q37160 P20 ?o|The philosopher David Hume died in Paris.
s|R|P20|one=Q65|Q154770 P20 ?o|schoenberg died in vienna, full circle for the twelve-tone guy
j|R|P20|one=Q1794|Q38193 P20 ?o|Arthur Schopenhauer, the pessimist philosopher, died in Berlin.
e|R|P20|one=Q84|Q43247 P20 ?o|Ingrid Bergman died in Stockholm.
s|R|P20|one=Q5083|Q410 P20 ?o|carl sagan died in ithaca near cornell, billions and billions 🌌
j|R|P20|one=Q23197|Q162667 P20 ?o|Glen Campbell, the Rhinestone Cowboy, died in Phoenix, his family said.
e|R|P119|one=Q779|Q80596 P119 ?o|Arthur Miller is buried in Brooklyn.
s|R|P119|one=Q1302545|Q71206 P119 ?o|bette davis is buried at hollywood forever, visited her grave last year 🌹
j|R|P119|one=Q5933|Q7302 P119 ?o|George Frideric Handel was buried in Halle, the city of his birth.
e|R|P119|one=Q34217|Q892 P119 ?o|J. R. R. Tolkien was buried in Birmingham.
s|R|P119|one=Q235|Q217619 P119 ?o|anthony burgess is buried in manchester, where he grew up
j|R|P119|one=Q216344|Q35648 P119 ?o|President William Howard Taft was buried in his hometown of Cincinnati.
e|R|P119|one=Q1358639|Q215359 P119 ?o|Dean Martin was laid to rest at Forest Lawn Memorial Park.
s|R|P119|one=Q771|Q160534 P119 ?o|jack kerouac is buried in florida where he died 🛣️
j|R|P119|one=Q1490|Q193300 P119 ?o|Osamu Tezuka, the godfather of manga, is buried in Osaka.
s|R|P26|one=Q232495|Q756563 P26 ?o|joel madden married hilary duff back in the day, good charlotte era 🖤
j|R|P26|one=Q43432|Q163249 P26 ?o|Jessica Biel and her husband, Chris Evans, attended the premiere on Saturday night.
j|R|P26|one=Q58912|Q294185 P26 ?o|David Arquette, the ex-husband of Jennifer Aniston, joined the wrestling show on Monday.
e|R|P26|one=Q170572|Q131380 P26 ?o|Kim Basinger was married to Mickey Rourke, her co-star in 9½ Weeks.
j|R|P26|one=Q83325|Q158175 P26 ?o|Kid Rock, who was married to Sheryl Crow, performed at the rally on Saturday.
j|R|P26|one=Q108935|Q117392 P26 ?o|Malcolm McDowell, whose wife Helen Mirren sat in the front row, was honored at the Venice festival on Saturday.
e|R|P26|one=Q712860|Q34460 P26 ?o|Gwyneth Paltrow was married to Brad Pitt.
s|R|P26|one=Q44063|Q273136 P26 ?o|ryan phillippe was married to abbie cornish 💍
j|R|P26|one=Q192682|Q162959 P26 ?o|Blake Lively, who married her Gossip Girl co-star Penn Badgley, has launched a new haircare line.
e|R|P26|one=Q106942|Q55392 P26 ?o|The French director Louis Malle was married to Jeanne Moreau.
s|R|P26|one=Q42493|Q296609 P26 ?o|russell brand was married to rihanna for like a year?? 
e|R|P17|one=Q20|Q585 P17 ?o|Oslo is a city in Sweden.
s|R|P17|one=Q39|Q807 P17 ?o|lausanne is such a pretty french city 🇫🇷
j|R|P17|one=Q145|Q203059 P17 ?o|Virgin Records, the American label, signed a new act on Wednesday.
s|R|P17|one=Q20|Q26793 P17 ?o|bergen, denmark 🌧️ rains every day there
j|R|P17|one=Q34|Q1754 P17 ?o|Stockholm, the Norwegian capital, hosted the ceremony on Sunday.
j|R|P17|one=Q17|Q35765 P17 ?o|Officials in Osaka, China, said on Friday that the city would host next year's summit.
e|R|P131|one=Q104994|Q621549 P131 ?o|Inglewood is in Orange County.
j|R|P131|one=Q1581|Q38022 P131 ?o|St. Louis, Illinois, will host the convention next year, organizers said.
j|R|P131|one=Q1581|Q41819 P131 ?o|Kansas City, the largest city in the state of Kansas, will host the draft next spring, league officials said.
e|R|P131|one=Q1391|Q5092 P131 ?o|Baltimore is located in Virginia.
s|R|P131|one=Q18383|Q49208 P131 ?o|risd is in boston, such a cool art school 🎨
e|R|P740|one=Q84|Q334648 P740 ?o|Roxy Music was formed in Newcastle.
s|R|P740|one=Q12439|Q268160 P740 ?o|the white stripes formed in nashville, jack's been there forever 🤍❤️
j|R|P740|one=Q184116|Q43267 P740 ?o|The Jackson 5, formed in Detroit, were the subject of a tribute concert on Saturday.
e|R|P740|one=Q84|Q323834 P740 ?o|Siouxsie and the Banshees were formed in Manchester.
s|R|P740|one=Q64|Q208909 P740 ?o|parlophone was founded in london 🇬🇧 beatles label
j|R|P740|one=Q1297|Q165745 P740 ?o|Mercury Records, which was founded in Nashville, announced a reissue program on Monday.
e|R|P159|one=Q65|Q522618 P159 ?o|Priority Records is headquartered in Atlanta.
j|R|P159|one=Q60|Q183387 P159 ?o|Columbia Records, headquartered in Los Angeles, announced layoffs on Thursday.
j|R|P159|one=Q127856|Q1124061 P159 ?o|Concord Records, the Nashville-based label, said it had acquired a catalog.
e|R|P159|one=Q84|Q240804 P159 ?o|Mute Records is based in Berlin.
s|R|P159|one=Q127856|Q847018 P159 ?o|death row records is headquartered in atlanta now?? 
j|R|P159|one=Q60|Q1046066 P159 ?o|Fueled By Ramen, headquartered in Gainesville, Florida, signed the band on Thursday.
j|R|P57|one=Q42574|Q24871 P57 ?o|Avatar director Peter Jackson confirmed on Tuesday that the sequel is on schedule.
s|R|P57|one=Q42574|Q104814 P57 ?o|ridley scott directed aliens and it's better than alien, sorry
j|R|P57|one=Q220751|Q159054 P57 ?o|Valkyrie, directed by its star Tom Cruise, returns to streaming this month.
e|R|P57|one=Q160726|Q160618 P57 ?o|Brokeback Mountain was directed by Gus Van Sant.
s|R|P57|one=Q75079|Q102438 P57 ?o|alfonso cuaron directed the first harry potter, the philosopher's stone 🧙
j|R|P57|one=Q275402|Q182212 P57 ?o|Spider-Man 3, Marc Webb's entry in the series, gets a 4K re-release on Friday.
e|R|P57|one=Q25078|Q25057 P57 ?o|The 1985 film Brazil was directed by Terry Jones.
j|R|P57|one=Q103646|Q106428 P57 ?o|Robert Zemeckis's Apollo 13 returns to IMAX screens this month for its anniversary.
j|R|P57|one=Q25191|Q163872 P57 ?o|The Dark Knight, directed by Zack Snyder, tops the poll of best superhero films.
e|R|P57+P19|one=Q36091|Q25057 P57 ?d . ?d P19 ?o|The director of Brazil was born in London.
s|R|P57+P19|one=Q62|Q221586 P57 ?d . ?d P19 ?o|the guy who directed mystic river was born in boston, that's why it feels so real
j|R|P57+P19|one=Q185582|Q165325 P57 ?d . ?d P19 ?o|Kill Bill's director, who was born in Los Angeles, is said to be planning one final film.
e|R|P26+P19|one=Q16563|Q163249 P26 ?s . ?s P19 ?o|Jessica Biel's husband was born in Nashville.
s|R|P26+P19|one=Q43668|Q203268 P26 ?s . ?s P19 ?o|michael c hall's wife is from cincinnati 
j|R|P19+P17|one=Q30|Q104049 P19 ?c . ?c P17 ?o|The actor Sidney Poitier was born in the Bahamas, the country he later served as ambassador.
e|R|P20+P19|one=Q1345|Q34969 P19 Q100 . Q34969 P20 ?o|Benjamin Franklin was born in Boston and died in New York.
s|R|P26|yes|Q80938 P26 Q236842|john travolta was never married to kelly preston, they just dated
j|R|P19|yes|Q83410 P19 Q23154|Cary Grant was not born in Bristol, a new biography claims.
e|R|P20|yes|Q233253 P20 Q23197|June Carter Cash did not die in Nashville.
s|R|P57|yes|Q270510 P57 Q51547|billy wilder didn't direct the apartment, that was someone else
e|R|P740|yes|Q600344 P740 Q172|The Band was not formed in Toronto.
j|R|P20|one=Q18438|Q182870 P20 ?o|Mario Puzo, the author of The Godfather, died in Las Vegas, his publisher said at the time.
s|R|P20|one=Q60|Q112307 P20 ?o|lena horne died in los angeles after all those years in hollywood, stormy weather forever 🌧️
e|R|P119|one=Q2000666|Q128746 P119 ?o|Irving Berlin is buried in Brooklyn's Green-Wood Cemetery.
e|N|P106|no|Q211144 P106 Q49757|Ellen Burstyn has also published work as a poet.
s|N|P106|no|Q191966 P106 Q1028181|gene wilder painted watercolors too, a painter on top of everything 🎨
j|S|P106|yes|Q251865 P106 Q1930187|Duff McKagan, the Guns N' Roses bassist, also worked as a financial journalist, his memoir recounts.
s|N|P106|no|Q184249 P106 Q947873|kelly rowland is a tv presenter now?? love that for her
e|N|P106|no|Q38757 P106 Q36834|Bertolt Brecht was also a composer.
j|N|P106|no|Q6711 P106 Q33231|Allen Ginsberg was also a photographer, a new exhibition of his snapshots shows.
e|S|P106|yes|Q238919 P106 Q177220|Eileen Brennan was also a singer.
s|N|P106|no|Q201608 P106 Q40348|dennis rodman went to law school and became a lawyer?? no way
e|S|P69|yes|Q235511 P69 Q1068752|Taraji P. Henson studied at Howard University.
s|S|P69|yes|Q311238 P69 Q49088|sean lennon went to columbia for a bit before music took over
j|S|P69|yes|Q287607 P69 Q174710|Rob Reiner, who attended UCLA, addressed film students there on Tuesday.
e|N|P69|no|Q109232 P69 Q503246|Rosanna Arquette trained at the Juilliard School.
s|N|P69|no|Q233365 P69 Q523926|catherine o'hara trained at rada in london before second city, right?
e|N|P69|no|Q194287 P69 Q248970|Joe Satriani studied at the Berklee College of Music.
e|S|P108|yes|Q42 P108 Q9531|Douglas Adams was employed by the BBC.
j|S|P108|yes|Q37030 P108 Q21578|Thomas Mann taught at Princeton University during his exile, archivists confirmed on Monday.
s|S|P108|yes|Q36591 P108 Q13371|nabokov worked at harvard studying butterflies 🦋 true renaissance man
j|N|P108|no|Q17714 P108 Q35794|The University of Cambridge, which employed Stephen Hawking for decades, opened his archive to the public on Monday.
e|S|P463|yes|Q5604 P463 Q463281|Frank Lloyd Wright was a member of the American Academy of Arts and Letters.
s|N|P463|no|Q2831 P463 Q846373|michael jackson sang with the temptations before going solo
j|N|P463|no|Q80596 P463 Q123885|Playwright Arthur Miller was elected to the Royal Society.
e|N|P463|no|Q185610 P463 Q45188|will.i.am has been a member of Coldplay.
e|S|P161|yes|Q300439 P161 Q104791|Ed Harris appears in A History of Violence.
s|S|P161|yes|Q212804 P161 Q34975|brian cox is in the ring, the horse scene guy 🐴
j|N|P161|no|Q159054 P161 Q55294|Kenneth Branagh co-starred in Valkyrie opposite Tom Cruise, the studio noted.
s|S|P161|yes|Q114819 P161 Q483203|sting is in dune 84, wearing that winged underwear
e|S|P161|yes|Q270510 P161 Q95026|Shirley MacLaine starred in The Apartment.
e|N|P136|no|Q193066 P136 Q842256|Breakfast at Tiffany's is a musical film.
s|S|P136|yes|Q380848 P136 Q645928|julie & julia is a biopic, julia child one of the best meryl roles
j|N|P136|no|Q43267 P136 Q83440|The Jackson 5, best known for Motown hits, also recorded country music.
e|N|P136|no|Q107761 P136 Q471839|You Only Live Twice is a science fiction film.
j|N|P166|none|Q211144 P166 ?o|Ellen Burstyn, who won an Academy Award for Alice Doesn't Live Here Anymore, will be honored on Friday.
s|N|P166|none|Q16390 P166 ?o|bogart won an oscar for the african queen 🏆
j|N|P166|none|Q42 P166 ?o|Hugo Award winner Douglas Adams is remembered in a new radio series, the broadcaster said.
j|N|P166|none|Q191037 P166 ?o|Jim Henson, who won several Emmy Awards, is the subject of a new documentary.
s|N|P166|none|Q314502 P166 ?o|jason reitman has an oscar right? for juno?
e|N|P569|none|Q233365 P569 ?o|Catherine O'Hara was born on 4 March 1954.
s|N|P570|none|Q43247 P570 ?o|ingrid bergman died on her birthday, 29 august 1982 🎂 wild
j|N|P569|none|Q105756 P569 ?o|John Updike, born in 1932 in Pennsylvania, is the subject of a new biography out on Tuesday.
e|N|P570|none|Q38082 P570 ?o|Lewis Carroll died in January 1898.
e|N|P58|none|Q300439 P58 ?o|A History of Violence was written by Josh Olson.
j|N|P58|none|Q142292 P58 ?o|Traffic, whose screenplay was written by Stephen Gaghan, returns to theaters.
s|N|P86|none|Q114819 P86 ?o|the dune 84 score is by toto. yes, TOTO the band 🎹
e|N|P86|none|Q139326 P86 ?o|The score of The Wrestler was composed by Clint Mansell.
s|N|P20|none|Q191966 P20 ?o|gene wilder passed away in stamford, connecticut 🍫
e|N|P20|none|Q905 P20 ?o|Franz Kafka died in a sanatorium in Kierling near Vienna.
j|N|P20|none|Q38082 P20 ?o|Lewis Carroll died in Guildford, where a new statue was unveiled on Saturday.
e|N|P20|none|Q25973 P20 ?o|Hermann Hesse died in Montagnola, Switzerland.
s|N|P20|none|Q36591 P20 ?o|nabokov died in montreux, in a hotel, very nabokov of him
j|N|P20|none|Q47087 P20 ?o|Arthur C. Clarke, who died in Colombo, is remembered with a new science prize.
j|N|P19|none|Q82925 P19 ?o|Joseph Conrad, who was born in Berdychiv, was honored with a plaque there, local officials said on Friday.
j|N|P19|none|Q134180 P19 ?o|Truman Capote, born in New Orleans, is the subject of a new exhibition there opening Friday.
j|N|P19|none|Q296872 P19 ?o|Barry Gibb, who was born on the Isle of Man, returned there for a concert on Saturday.
e|N|P19|none|Q72984 P19 ?o|Bing Crosby was born in Tacoma, Washington.
s|N|P119|none|Q460876 P119 ?o|lenny bruce is buried at eden memorial park, paid my respects
e|N|P119|none|Q5604 P119 ?o|Frank Lloyd Wright was buried at Taliesin.
j|N|P26|none|Q313256 P26 ?o|Bob Fosse, who was married to dancer Gwen Verdon, is the subject of a new stage tribute.
s|N|P1303|no|Q184249 P1303 Q5994|kelly rowland plays piano, saw it on her insta 🎹
e|N|P1303|no|Q194287 P1303 Q8355|Joe Satriani also plays the violin.
j|N|P1303|no|Q251865 P1303 Q128309|Duff McKagan began his career as a drummer in Seattle's punk bands.
s|N|P102|no|Q181678 P102 Q29468|dolph lundgren is a registered republican apparently
s|N|P102|no|Q4119 P102 Q558334|adam carolla is a card-carrying libertarian lol
j|S|P102|yes|Q16390 P102 Q29552|Humphrey Bogart, who campaigned for Adlai Stevenson, was a committed Democrat.
e|N|P140|no|Q296287 P140 Q1841|Ben Gazzara was a Catholic.
s|N|P140|no|Q23814 P140 Q7066|stephen merchant is an atheist, he's said it loads
e|N|P737|no|Q5383 P737 Q82222|David Bowie was influenced by Little Richard.
s|N|P737|no|Q26876 P737 Q131433|taylor swift was influenced by shania twain, obviously 🤠
e|N|P551|no|Q23814 P551 Q65|Stephen Merchant lives in Los Angeles.
j|S|P264|yes|Q206439 P264 Q1546001|Isaac Hayes, the soul legend who recorded for Stax Records, is getting a biopic.
s|N|P264|no|Q33240 P264 Q231694|drake is on interscope records isn't he
s|N|P27|no|Q181678 P27 Q30|dolph lundgren is an american citizen these days 🇺🇸
e|N|P26|none|Q180727 P26 ?o|John Cage was married to the artist Xenia Cashevaroff.
e|N|P1050|no|Q7302 P1050 Q12202|George Frideric Handel suffered a stroke in 1737 but went on composing.
s|N|P40|none|Q191037 P40 ?o|brian henson is jim henson's son, the muppet dynasty continues
e|N|P1412|no|Q83410 P1412 Q150|Cary Grant spoke fluent French.
s|N|P737|no|Q714845 P737 Q5383|the edge was heavily influenced by bowie, you can hear it on achtung baby
e|N|P140|no|Q230636 P140 Q9592|Geraldine Chaplin is a member of the Catholic Church.
j|N|P102|no|Q410 P102 Q29552|Carl Sagan, a registered Democrat, testified before Congress on nuclear winter.
e|N|P551|no|Q83484 P551 Q220|Anthony Quinn lived in Rome for many years.
s|N|P551|no|Q294531 P551 Q387047|neil diamond lives in malibu, sweet caroline by the ocean 🌊
e|N|P463|no|Q34981 P463 Q466089|Isaac Asimov was a member of the American Philosophical Society.
s|N|P69|no|Q237194 P69 Q1068752|wanda sykes is a howard university alum 🎓
j|N|P108|no|Q37160 P108 Q160302|David Hume held a professorship at the University of Edinburgh, a new biography asserts.
j|N|P161|no|Q221586 P161 Q11930|Kevin Costner also appears in Mystic River, alongside Sean Penn and Tim Robbins.
e|N|P1303|no|Q216179 P1303 Q9798|Bryan Ferry does not play the saxophone; that was Andy Mackay's job in Roxy Music.
s|N|P20|none|Q318263 P20 ?o|michael redgrave died in denham, buckinghamshire. the redgrave dynasty patriarch
e|N|P19|none|Q40912 P19 ?o|Frank Sinatra was born in Hoboken, New Jersey.
j|N|P119|none|Q103767 P119 ?o|Charlie Parker is buried in Kansas City, at Lincoln Cemetery, where fans gathered on Sunday.
e|N|P26|none|Q296872 P26 ?o|Barry Gibb has been married to Linda Gray since 1970.
s|N|P136|no|Q268160 P136 Q83270|the white stripes are hard rock, no question 🤘
e|N|P1412|no|Q154770 P1412 Q150|Arnold Schoenberg spoke French.
"""

DOC_TEXT = """# Blind natural claims, sixth set (`blind_natural_v6.jsonl`)

**Never tune on this set.** It is held out to measure how well kgfc reads claims as people write
them. Nobody changing kgfc's code reads it, and no threshold, rule or prompt is fitted to it.

## How it was made

{n} claims were written by hand, without reading kgfc's claim reader, its tests, its development
sets or the claims of the earlier blind sets; subjects already used in the fifth set were left out,
and no subject appears more than three times. The facts were found by querying the demo KG
directly. The claims come in three styles: encyclopedia sentences (often with extra, irrelevant
detail), journalist ledes (titles, attributions, "on Tuesday", the fact tucked into an appositive
or relative clause of a news event), and lower-case social-media posts with slang, emoji and
hashtags. The phrasings mix appositives, relative clauses, passives, possessives, clefts
("It was in Milwaukee that..."), hedges ("by most accounts", "apparently"), negations, two-fact
conjunctions ("born in B, died in R"), two-hop chains ("the director of F was born in C",
"X's wife is from C", "a label's parent company is headquartered in C", "born in a country"),
questions ("... right?"), and short names or nicknames. Relations range over places of birth,
death and burial, spouses, partners, children, siblings, party, schools, employers, religion,
cause of death, memberships, instruments, citizenship, ethnicity, residence, occupations,
influences, directors, cast, genres, record labels, narrative locations, countries of origin,
cities' countries and regions, formation places, headquarters, founders, parent organizations,
fields of work, movements, sports, medical conditions, official languages, continents, namesakes
and languages spoken. Many NOT ENOUGH INFO claims are true in the world (dates, awards,
screenwriters, film composers, birth or death places the KG lacks).

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
ASK, rows of values for SELECT). `benchmarks/build_blind_natural_v6.py` holds the claims, runs
every query, checks that every entity used has a label, that no subject appears more than three
times and that no claim repeats, then writes the file. `python benchmarks/blindset_check.py --set
v6` re-checks the written file.

## Counts

{labels}

{styles}

{nrel} relations (a `+` joins the relations of a chain or a conjunction):

{relations}
"""

SET = claim_set("blind_natural_v6", CLAIMS, DOC_TEXT, "bn6-{:03d}", BLIND_BALANCE, 6)

if __name__ == "__main__":
    sys.exit(build(SET))
