"""Build the seventh blind natural-claims set (blind_natural_v7.jsonl) and check every label.

The claims below were written by hand, as people write them (encyclopedia sentences, news ledes,
social-media posts), without reading how kgfc reads claims. Every claim's main entity (its subject,
the first entity of its pattern) has an odd Q-number: this set draws only on odd-numbered subjects,
so it shares no subject with a set written at the same time from the even ones, nor with the six
earlier blind sets. Each line holds

    style | label | relation | check | SPARQL pattern | claim

style: e(ncyclopedia), j(ournalist), s(ocial); label: S(UPPORTED), R(EFUTED), N(OT ENOUGH INFO).
The check says what the pattern must give over the demo KG (``Q..`` is ``wd:Q..``, ``P..`` is
``wdt:P..``):

    yes      ASK { pattern } is true          (the claim's facts are stated)
    no       ASK { pattern } is false         (the fact is not stated)
    one=Qx   SELECT ?o { pattern } is exactly Qx (a single value that differs from the claim's)
    none     SELECT ?o { pattern } is empty   (no value at all)

A check may end in ``~Qa,Qb``: entities the claim names that are not in the pattern (the wrong
value of a REFUTED claim, the place of a NOT ENOUGH INFO claim). They must have labels too, and a
``one=`` value must differ from every one of them.

The script runs every query on the demo KG (pyoxigraph, union of its graphs) and refuses to write
anything if a query disagrees, an entity has no label, a subject has an even Q-number or was used
by an earlier blind set, a subject is used more than three times, two claims repeat, a REFUTED
chain does not have exactly one value at every hop, or the balance drifts. Then it writes the
JSON-lines set and its description.

    python benchmarks/build_blind_natural_v7.py

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
s | S | P69 | yes | Q215215 P69 Q248970 | john mayer went to berklee for like two semesters and still turned into a guitar god 🎸
j | N | P19 | none~Q779 | Q215215 P19 ?o | John Mayer, the Connecticut-born guitarist, will return to the road this autumn with a solo acoustic tour, his management said.
e | R | P1303 | yes | Q215215 P1303 Q302497 | John Mayer, best known for his blues-inflected electric guitar playing, has never played the mandolin.
e | S | P108 | yes | Q9387 P108 Q165980 | Max Weber, whose essay on the Protestant ethic became a founding text of sociology, held a teaching post at the University of Vienna.
j | R | P20 | one=Q1726~Q64 | Q9387 P20 ?o | Max Weber, the sociologist who died in Berlin in the aftermath of the First World War, is the subject of a new biography out this month.
s | S | P102 | yes | Q12003 P102 Q29552 | cher has been a democrat forever and she will absolutley tell you about it 😂
j | N | P166 | none | Q12003 P166 ?o | Cher, an Academy Award winner for her role in Moonstruck, was honoured at a Los Angeles gala on Saturday night.
s | R | P19 | one=Q18426~Q18419 | Q202801 P19 ?o | vanessa williams is a brooklyn girl, born there and everything 💅
j | R | P20 | one=Q12439~Q5083 | Q270935 P20 ?o | Chris Cornell, the Soundgarden frontman, died in Seattle, the city where his career began, officials confirmed.
s | S | P264 | yes | Q270935 P264 Q778673 | chris cornell on sub pop records... peak grunge era 🖤
j | R | P20 | one=Q90~Q84 | Q30875 P20 ?o | Oscar Wilde, who died penniless in London after his release from Reading Gaol, is to be commemorated with a new plaque in Chelsea.
s | S | P19 | yes | Q30875 P19 Q1761 | oscar wilde was born in dublin btw, not london like half the internet thinks
j | S | P509 | yes | Q11617 P509 Q744913 | Aaliyah, the R&B singer and actress whose life was cut short by an aviation accident, is the subject of a new documentary premiering next week.
s | R | P19 | one=Q18419~Q12439 | Q11617 P19 ?o | aaliyah was born in detroit and repped the D her whole career 🕊️
e | S | P26 | yes | Q42775 P26 Q233253 | Johnny Cash, the country singer nicknamed the Man in Black, was married to June Carter Cash.
j | N | P19 | none~Q1612 | Q42775 P19 ?o | Johnny Cash, who was born in Arkansas to a family of cotton farmers, will be honoured with a new museum wing in Nashville, organisers said.
s | S | P3373 | yes | Q217427 P3373 Q131324 | la toya and janet are sisters and honestly the jackson family tree is a LOT
e | R | P19 | one=Q184116~Q1297 | Q217427 P19 ?o | La Toya Jackson, the fifth of the Jackson children, was born in Chicago.
s | S | P26+P19 | yes | Q42493 P26 ?x . ?x P19 Q29303 | katy perry's husband was born in canterbury, had no idea 🇬🇧
j | R | P19 | one=Q159288~Q65 | Q42493 P19 ?o | Katy Perry, the Los Angeles-born pop star, announced a Las Vegas residency on Monday.
s | S | P509 | yes | Q76409 P509 Q29496 | bukowski died of leukemia. "don't try" on the headstone, still gets me
j | N | P19 | none~Q183 | Q76409 P19 ?o | A first edition signed by Charles Bukowski, the poet who was born in Germany, sold at auction for a record sum on Thursday.
s | S | P451 | yes | Q83287 P451 Q34086 | selena gomez and justin bieber dated on and off for years, jelena forever 💔
j | N | P19 | none~Q1439 | Q83287 P19 ?o | Selena Gomez, who was born in Texas, launched a mental-health fund on Wednesday, her company said.
e | S | P27 | yes | Q204019 P27 Q854 . Q204019 P27 Q145 | M.I.A. holds citizenship of both Sri Lanka and the United Kingdom.
j | S | P26 | yes | Q121507 P26 Q240523 | Alicia Keys, who is married to the producer Swizz Beatz, will host the awards ceremony again this year.
s | R | P19 | one=Q189074~Q18419 | Q121507 P19 ?o | alicia keys was born in brooklyn, that's why empire state of mind hits so hard
e | N | P19 | none~Q350 | Q180861 P19 ?o | Roger Waters, a founding member of Pink Floyd and the main lyricist of The Wall, was born in Cambridge.
j | N | P19 | none~Q1397 | Q186327 P19 ?o | Marilyn Manson, the Ohio-born shock rocker, cancelled the remaining dates of his tour, a spokesperson said.
e | S | P1050 | yes | Q205721 P1050 Q12195 | Joni Mitchell, the Canadian songwriter behind the album Blue, had poliomyelitis.
j | R | P19 | one=Q25395~Q26339 | Q1112005 P19 ?o | Queen Latifah, who was born in Jersey City, will receive a star on the Hollywood Walk of Fame, organisers announced.
e | S | P19+P20 | yes | Q1779 P19 Q34404 . Q1779 P20 Q60 | Louis Armstrong was born in New Orleans and died in New York City.
j | R | P20 | one=Q60~Q34404 | Q1779 P20 ?o | Louis Armstrong, who died in New Orleans, the city that shaped his music, is the focus of a new exhibition opening this week.
s | S | P1303 | yes | Q1779 P1303 Q8338 | satchmo on the trumpet, noone has ever done it like louis armstrong 🎺
s | R | P26 | one=Q220918~Q103939 | Q185465 P26 ?o | paula abdul was married to charlie sheen right? the brat pack era was wild
s | S | P20 | yes | Q44301 P20 Q90 | jim morrison died in paris and people still leave flowers and bottles at his grave 🕯️
e | S | P26 | yes | Q108941 P26 Q4028 | Carrie Fisher, who played Princess Leia in the original Star Wars trilogy, was married to Paul Simon.
s | S | P1050 | yes | Q108941 P1050 Q131755 | carrie fisher was so open about having bipolar disorder, an absolute legend 💜
j | R | P119 | one=Q1437214~Q1358639 | Q108941 P119 ?o | Carrie Fisher, who is buried at Westwood Village Memorial Park Cemetery, was remembered by fans at a memorial screening on Sunday.
j | S | P509 | yes | Q544387 P509 Q623031 | Ray Charles, the pianist who fused gospel with rhythm and blues, died of liver cancer.
e | R | P20 | one=Q127856~Q23556 | Q544387 P20 ?o | Ray Charles, one of the pioneers of soul music, died in Atlanta.
j | N | P20 | none~Q23768 | Q6107 P20 ?o | Tupac Shakur, who died in Las Vegas after a drive-by shooting, is the subject of a new documentary series.
e | S | P69+P108 | yes | Q7315 P69 Q178416 . Q7315 P108 Q215539 | Tchaikovsky trained at the Saint Petersburg Conservatory and later taught at the Moscow Conservatory.
s | N | P20 | none~Q656 | Q7315 P20 ?o | tchaikovsky died in saint petersburg only days after his sixth symphony premiered 🎻
e | S | P135 | yes | Q79025 P135 Q37068 | Sir Walter Scott, the author of Ivanhoe and Waverley, was a leading figure of Romanticism.
j | N | P19 | none~Q23436 | Q79025 P19 ?o | Sir Walter Scott, who was born in Edinburgh, is to feature on a new banknote, the bank said on Tuesday.
s | S | P27 | yes | Q13909 P27 Q424 | angelina jolie actually has cambodian citizenship, did not know that
j | N | P26 | no | Q13909 P26 Q35332 | Angelina Jolie, who married Brad Pitt in a private ceremony in France, has directed a new war drama.
s | N | P19 | none~Q40 | Q2685 P19 ?o | arnie was born in austria and now he's basically california royalty
e | S | P26+P19 | yes | Q273055 P26 ?w . ?w P19 Q18419 | R. Kelly was married to a singer who had been born in Brooklyn.
e | R | P19 | one=Q49266~Q44989 | Q354033 P19 ?o | Joe Walsh, the guitarist who joined the Eagles in the mid-1970s, was born in Tulsa.
e | S | P737 | yes | Q39829 P737 Q169566 | Stephen King, whose novels include It and The Shining, has named H. P. Lovecraft among his influences.
j | N | P19 | none~Q724 | Q39829 P19 ?o | Stephen King, who was born in Maine and has set much of his fiction there, donated to the state library on Monday.
s | N | P166 | none | Q39829 P166 ?o | stephen king has a national medal of arts which is kinda wild for the horror guy
j | R | P19 | one=Q34217~Q350 | Q49017 P19 ?o | Hugh Laurie, the Cambridge-born actor, will star in a new political drama, the broadcaster said.
s | S | P106 | yes | Q726071 P106 Q2095549 | jimmy buffett was a legit pilot, flew his own planes ✈️🍹
e | S | P40 | yes | Q108283 P40 Q340213 | Alan Arkin, the actor and director, is the father of the actor Adam Arkin.
j | S | P40+P19 | yes | Q108283 P40 Q340213 . Q340213 P19 Q18419 | Alan Arkin, whose son Adam was born in Brooklyn, was honoured at a tribute evening on Sunday.
j | N | P19 | none~Q18432 | Q131725 P19 ?o | Joan Baez, who was born on Staten Island, will receive a lifetime achievement honour this spring.
e | S | P19+P131 | yes | Q155079 P19 ?c . ?c P131 Q1370 | Missy Elliott was born in Virginia.
s | R | P19 | one=Q342803~Q49231 | Q155079 P19 ?o | missy elliott was born in norfolk, same as timbaland
j | N | P166 | none | Q16297 P166 ?o | William Shatner, an Emmy winner for Boston Legal, became the oldest person to fly to space.
j | N | P19 | none~Q62 | Q16397 P19 ?o | Bruce Lee, who was born in San Francisco, is honoured in a new exhibition in Hong Kong.
s | S | P737 | yes | Q190379 P737 Q905 | mcewan was influenced by kafka and you can totaly tell
j | N | P166 | none | Q190379 P166 ?o | Ian McEwan, a Booker Prize winner, publishes his new novel next week.
s | S | P641 | yes | Q273233 P641 Q41323 | paul robeson played american football before all the singing and acting
j | N | P20 | none~Q1489 | Q33391 P20 ?o | Leon Trotsky, who was killed in Mexico City, is the subject of a new museum exhibition.
e | S | P102 | yes | Q33391 P102 Q79854 | Leon Trotsky was a member of the Communist Party of the Soviet Union.
j | S | P1303 | yes | Q41173 P1303 Q128309 | Demi Lovato, who plays the drums, surprised fans with a rock album on Friday.
s | R | P19 | one=Q16558~Q16557 | Q483507 P19 ?o | kelly clarkson was born in dallas, definately
j | S | P551 | yes | Q483507 P551 Q23197 | Kelly Clarkson, who lives in Nashville, will host the show again this season.
s | S | P106 | yes | Q5921 P106 Q3427922 | chuck berry also ran a restaurant, a restaurateur AND a rock and roll pioneer
e | R | P19 | one=Q38022~Q16563 | Q5921 P19 ?o | Chuck Berry, whose guitar riffs defined early rock and roll, was born in Memphis.
j | S | P509 | yes | Q106481 P509 Q212961 | Alan Rickman, the actor who played Severus Snape, died of pancreatic cancer.
e | R | P19 | one=Q277162~Q18125 | Q106481 P19 ?o | Alan Rickman was born in Manchester.
s | R | P19 | one=Q100~Q5092 | Q16867 P19 ?o | poe was born in baltimore, that's why the ravens are named after his poem
j | S | P20 | yes | Q16867 P20 Q5092 | Edgar Allan Poe, who died in Baltimore, will be remembered at a midnight reading there on Saturday.
s | S | P1412 | yes | Q207197 P1412 Q9067 | gene simmons speaks hungarian, the demon is multilingual
j | N | P19 | none~Q41621 | Q207197 P19 ?o | Gene Simmons, the Haifa-born co-founder of Kiss, said the band would play one final show.
j | N | P19 | none~Q771 | Q298255 P19 ?o | Rob Zombie, the Massachusetts-born musician and director, is making a new horror film.
j | R | P19 | one=Q18426~Q18419 | Q311267 P19 ?o | Bobby Darin, the Brooklyn-born singer of Mack the Knife, is the subject of a new stage musical.
j | N | P19 | none~Q668 | Q3335 P19 ?o | George Orwell, who was born in India, is the focus of a new documentary.
e | R | P19 | one=Q40435~Q1342 | Q362353 P19 ?o | Vincent Gallo, the director of Buffalo '66, was born in Pittsburgh.
j | S | P108 | yes | Q43293 P108 Q37156 | J. M. Coetzee, who once worked for IBM as a programmer, will deliver the lecture on Thursday.
s | N | P166 | none | Q43293 P166 ?o | coetzee won the nobel prize for literature, btw
s | S | P140 | yes | Q587361 P140 Q748 | rick rubin is a buddhist which explains the whole vibe
j | N | P19 | none~Q1348 | Q7241 P19 ?o | Rabindranath Tagore, who was born in Kolkata, is remembered in a festival opening on Friday.
e | S | P737 | yes | Q8011 P737 Q868 | Avicenna, the Persian physician and philosopher, was influenced by Aristotle.
s | R | P119 | one=Q794~Q79 | Q8011 P119 ?o | avicenna is buried in egypt
j | S | P140 | yes | Q8011 P140 Q9585 | Avicenna, whose Canon of Medicine was taught for centuries, was a follower of Shia Islam.
e | S | P19+P17 | yes | Q131433 P19 ?c . ?c P17 Q16 | Shania Twain was born in Canada.
s | R | P19 | one=Q182625~Q172 | Q131433 P19 ?o | shania twain was born in toronto
e | R | P19 | one=Q100~Q60 | Q16345 P19 ?o | Leonard Nimoy, best known as Spock, was born in New York City.
s | R | P20 | one=Q11299~Q65 | Q214677 P20 ?o | nora ephron died in LA
j | S | P69 | yes | Q318475 P69 Q174710 | Randy Newman, a UCLA alumnus, will score the sequel, Pixar said.
e | R | P19 | one=Q65~Q34404 | Q318475 P19 ?o | Randy Newman, the songwriter behind You've Got a Friend in Me, was born in New Orleans.
e | S | P119 | yes | Q34743 P119 Q5933 | Rudyard Kipling, author of The Jungle Book, is buried in Westminster Abbey.
s | R | P19 | one=Q1156~Q84 | Q34743 P19 ?o | kipling was born in london
j | R | P19 | one=Q16739~Q23768 | Q42869 P19 ?o | Nicolas Cage, who was born in Las Vegas, has a new thriller out this week.
j | R | P19 | one=Q1297~Q12439 | Q557 P19 ?o | Patti Smith, who was born in Detroit, will read from her new memoir on Friday.
e | S | P264 | yes | Q557 P264 Q664167 | Patti Smith was signed to Arista Records.
e | S | P463 | yes | Q167821 P463 Q463281 | Gore Vidal, the novelist and essayist, was a member of the American Academy of Arts and Letters.
s | N | P19 | none~Q1342 | Q188385 P19 ?o | gertrude stein was born in pittsburgh
s | R | P19 | one=Q43421~Q100 | Q239587 P19 ?o | aimee mann was born in boston, a true boston girl
j | R | P119 | one=Q816~Q1439 | Q251287 P119 ?o | Waylon Jennings, who is buried in Texas, is to be honoured with a statue, the city council said.
j | R | P20 | one=Q387047~Q37320 | Q343633 P19 Q37320 . Q343633 P20 ?o | Burgess Meredith died in Cleveland, the city where he was born, his family said.
s | R | P20 | one=Q65~Q84 | Q81447 P20 ?o | huxley died in london, wierd to think about
e | N | P19 | none~Q84 | Q94081 P19 ?o | Bob Hope, the comedian who entertained troops for decades, was born in London.
j | S | P27 | yes | Q94081 P27 Q145 . Q94081 P27 Q30 | Bob Hope, who held both British and American citizenship, is honoured in a new exhibition.
e | S | P463 | yes | Q170373 P463 Q123885 | Christopher Wren, the architect of St Paul's Cathedral, was a member of the Royal Society.
j | N | P20 | none~Q84 | Q170373 P20 ?o | Christopher Wren, who died in London, is the subject of a new exhibition.
e | S | P102 | yes | Q180975 P102 Q9626 | Andrew Lloyd Webber is a member of the Conservative Party.
e | S | P3373 | yes | Q183337 P3373 Q51506 | David Attenborough, the naturalist and broadcaster, was the brother of Richard Attenborough.
e | S | P1303 | yes | Q191819 P1303 Q8377 | George Martin, the producer of the Beatles, played the oboe.
j | R | P19 | one=Q60~Q100 | Q194045 P19 ?o | Steven Tyler, the Boston-born Aerosmith frontman, will perform at the festival.
j | R | P119 | one=Q1302545~Q1625328 | Q209471 P119 ?o | Telly Savalas, who is buried at Holy Cross Cemetery, is remembered at a Kojak marathon this weekend.
s | R | P19 | one=Q34404~Q60 | Q313755 P19 ?o | harry connick jr is a new yorker, born and raised in nyc
e | S | P19 | yes | Q355009 P19 Q2966 | Jackson Browne, the singer-songwriter behind Running on Empty, was born in Heidelberg.
j | S | P69 | yes | Q41351 P69 Q49112 | Jodie Foster, a Yale University graduate, will chair this year's jury.
s | S | P19+P20 | yes | Q41513 P19 Q84 . Q41513 P20 Q84 | william blake was born and died in london
s | R | P102 | yes | Q8007 P102 Q29552 | fdr wasn't even a democrat, look it up
j | R | P20 | one=Q60~Q1741 | Q84233 P20 ?o | Ludwig von Mises, who died in Vienna, is the namesake of a new research institute, its founders said.
e | S | P737 | yes | Q106465 P737 Q39212 | John Grisham, the author of legal thrillers such as The Firm, was influenced by John Steinbeck.
j | N | P19 | none~Q1166 | Q134183 P19 ?o | Magic Johnson, who was born in Michigan, bought a stake in another team, the league confirmed.
j | N | P19 | none~Q99 | Q184805 P19 ?o | Tom Waits, who was born in California, will release a remastered box set, his label said.
s | R | P1303 | yes | Q189599 P1303 Q6607 | keith richards doesn't even play guitar, it's all ronnie lol
e | S | P69 | yes | Q189599 P69 Q174570 | Keith Richards of the Rolling Stones attended the London School of Economics.
j | R | P19 | one=Q1345~Q1342 | Q205707 P19 ?o | Bradley Cooper, who was born in Pittsburgh, directed and starred in the new film.
j | R | P19 | one=Q18419~Q18426 | Q38875 P19 ?o | Mos Def, the Bronx-born rapper and actor now known as Yasiin Bey, will perform on Sunday.
s | N | P19 | none~Q18424 | Q4039 P19 ?o | art garfunkel was born in queens
e | S | P119 | yes | Q94123 P119 Q1358639 | Jack Lemmon, the star of Some Like It Hot, is buried at Westwood Village Memorial Park Cemetery.
s | N | P19 | none~Q100 | Q94123 P19 ?o | jack lemmon was born in boston, supposedly in a hospital elevator
s | R | P119 | one=Q1625328~Q1302545 | Q105987 P119 ?o | charles boyer is buried at forest lawn
e | R | P20 | one=Q649~Q656 | Q124617 P20 ?o | The Soviet marshal Georgy Zhukov died in Saint Petersburg.
s | S | P108 | yes | Q188955 P108 Q49213 | mcconaughey teaches at ut austin now, alright alright alright
e | N | P19 | none~Q16559 | Q188955 P19 ?o | Matthew McConaughey, the star of Dazed and Confused, was born in Austin.
e | S | P26 | yes | Q191027 P26 Q25161 | Patricia Neal, who won acclaim for Hud, was married to the writer Roald Dahl.
j | S | P451 | yes | Q191027 P451 Q93957 | Patricia Neal, who had a relationship with Gary Cooper, is the subject of a new film.
s | R | P26 | one=Q25161~Q93957 | Q191027 P26 ?o | patricia neal was married to gary cooper
j | S | P1050 | yes | Q211283 P1050 Q11085 | Bob Hoskins, the star of Mona Lisa, had Parkinson's disease.
s | R | P20 | one=Q47164~Q11299 | Q242729 P19 Q11299 . Q242729 P20 ?o | joan blondell was born in manhattan and died there too
e | R | P19 | one=Q39561~Q16739 | Q264699 P19 ?o | Wil Wheaton, who played Wesley Crusher on Star Trek: The Next Generation, was born in Long Beach.
j | R | P19 | one=Q189960~Q1761 | Q311093 P19 ?o | Cary Elwes, who was born in Dublin, reunites with his co-stars on Sunday.
e | R | P19 | one=Q1342~Q16557 | Q318503 P19 ?o | Mark Cuban, the billionaire owner of the Dallas Mavericks, was born in Dallas.
j | S | P451 | yes | Q71275 P451 Q56016 | Spencer Tracy, whose partner was Katharine Hepburn, is the subject of a new book.
s | R | P19 | one=Q37836~Q1297 | Q71275 P19 ?o | spencer tracy was born in chicago
e | S | P19 | yes | Q140201 P19 Q8686 | J. G. Ballard, the author of Empire of the Sun, was born in Shanghai.
j | R | P20 | one=Q84~Q8686 | Q140201 P20 ?o | J. G. Ballard, who died in Shanghai, the city of his childhood, is remembered in a new exhibition.
s | S | P69 | yes | Q172303 P69 Q49126 | tyra banks went to harvard business school 🤯
e | S | P119 | yes | Q190373 P119 Q1437214 | Joseph Barbera, co-creator of Tom and Jerry, is buried at Forest Lawn Memorial Park.
s | R | P19 | one=Q189074~Q766 | Q214959 P19 ?o | belafonte was born in jamaica
j | R | P19 | one=Q23436~Q4093 | Q4573 P19 ?o | Sean Connery, the Glasgow-born actor, is remembered in a new exhibition.
e | R | P19 | one=Q84~Q29303 | Q36767 P19 ?o | Robert Pattinson, who starred in Twilight and The Batman, was born in Canterbury.
e | R | P19 | one=Q956~Q8646 | Q159577 P19 ?o | Jet Li, the martial arts star of Hero, was born in Hong Kong.
j | S | P102 | yes | Q131691 P102 Q9626 | The Duke of Wellington was a member of the Conservative Party, a new exhibition at Apsley House notes.
s | R | P19 | one=Q1761~Q84 | Q131691 P19 ?o | the duke of wellington was born in london
j | R | P19 | one=Q1342~Q16555 | Q15257 P19 ?o | Ron Paul, the Houston-born former congressman, spoke at the convention.
s | N | P20 | none~Q90 | Q34211 P20 ?o | arafat died in paris
e | S | P140 | yes | Q40787 P140 Q60995 | Nicholas II, the last emperor of Russia, belonged to the Russian Orthodox Church.
s | R | P19 | one=Q656~Q649 | Q40787 P19 ?o | nicholas ii was born in moscow
e | S | P26+P19 | yes | Q229009 P26 ?h . ?h P19 Q387047 | Debra Winger, the star of Terms of Endearment, was married to an actor born in Malibu.
j | R | P19 | one=Q43668~Q43196 | Q230641 P19 ?o | Jennifer Carpenter, who was born in Cincinnati, joins the cast of the new series.
e | S | P26 | yes | Q4547 P26 Q134077 | Daniel Craig, the sixth actor to play James Bond in the official series, is married to Rachel Weisz.
s | R | P26 | one=Q313311~Q180942 | Q80069 P26 ?o | megan fox was married to shia labeouf, the transformers couple
j | R | P26 | one=Q4636~Q14441 | Q314805 P26 ?o | Elliott Gould, who was once married to Liza Minnelli, appears in the new season.
s | S | P26 | yes | Q314805 P26 Q4636 | elliott gould was married to barbra streisand!!
s | R | P26 | one=Q56093~Q310295 | Q161819 P26 ?o | julie andrews married dick van dyke, right? mary poppins forever
j | R | P26 | one=Q83492~Q3772 | Q125017 P26 ?o | Uma Thurman, who was married to Quentin Tarantino, returns to the screen this year.
s | R | P26 | one=Q381203~Q201279 | Q108935 P26 ?o | mary steenburgen is married to woody harrelson, cheers reunion 🍻
e | S | P551 | yes | Q108935 P551 Q1612 | Mary Steenburgen lives in Arkansas.
e | N | P22 | none~Q194045 | Q168763 P22 ?o | The actress Liv Tyler, who played Arwen in The Lord of the Rings, is the daughter of the Aerosmith singer Steven Tyler.
s | N | P22 | none~Q103646 | Q229775 P22 ?o | bryce dallas howard's dad is ron howard, nepo baby but talented
e | S | P57 | yes | Q390097 P57 Q188726 | Cold Mountain, the Civil War romance adapted from Charles Frazier's novel, was directed by Anthony Minghella.
s | S | P840 | yes | Q390097 P840 Q1454 | cold mountain is set in north carolina, jude law walking home for 2.5 hours
j | R | P57+P20 | one=Q277162~Q60 | Q390097 P57 ?d . ?d P20 ?o | The director of Cold Mountain died in New York, where he had been preparing his next project.
s | S | P161 | yes | Q164963 P161 Q180338 | christopher lee is in the two towers, saruman supremacy 🧙
e | S | P495 | yes | Q164963 P495 Q664 . Q164963 P495 Q30 | The Lord of the Rings: The Two Towers was a joint production of New Zealand and the United States.
j | N | P57 | none~Q275402 | Q190145 P57 ?o | Spider-Man 2, directed by Sam Raimi, returns to cinemas for its anniversary this weekend.
s | N | P57 | none~Q188137 | Q213081 P57 ?o | jj abrams directed star trek (2009) and the lens flares never recovered
e | S | P57+P19 | yes | Q205447 P57 ?d . ?d P19 Q23556 | The director of Ocean's Eleven was born in Atlanta.
j | N | P840 | no | Q205447 P840 Q23768 | Ocean's Eleven, the heist film set in Las Vegas, returns to cinemas for a one-night screening.
e | S | P57 | yes | Q23395 P57 Q25078 | Fear and Loathing in Las Vegas, based on Hunter S. Thompson's book, was directed by Terry Gilliam.
e | S | P840 | yes | Q270351 P840 Q869 . Q270351 P840 Q189074 | American Gangster is set partly in Harlem and partly in Thailand.
j | R | P57 | one=Q48987~Q51559 | Q3589 P57 ?o | The 2004 remake of The Manchurian Candidate, directed by Sidney Lumet, airs on Sunday.
s | R | P161 | yes | Q327681 P161 Q37459 | nicole kidman isn't even in dogville, you're thinking of the others
s | S | P57 | yes | Q192115 P57 Q3772 | tarantino co-directed part of sin city, fun fact
j | N | P57 | none~Q8877 | Q165817 P57 ?o | Saving Private Ryan, Steven Spielberg's war film, is screened for veterans on Thursday.
s | S | P57+P19 | yes | Q376807 P57 ?d . ?d P19 Q1345 | the other guys director was born in philly
e | R | P57 | one=Q350405~Q218503 | Q376807 P57 ?o | The Other Guys, a buddy-cop comedy starring Mark Wahlberg, was directed by Will Ferrell.
j | R | P57 | one=Q8877~Q42574 | Q200873 P57 ?o | The Lost World: Jurassic Park, directed by James Cameron, returns in 4K this month.
e | S | P840 | yes | Q109135 P840 Q23436 | Trainspotting, the film of Irvine Welsh's novel, is set in Edinburgh.
j | N | P495 | no | Q152857 P495 Q183 | Downfall, the German film about Hitler's last days in the bunker, is screened again on Sunday.
j | N | P57 | none~Q184903 | Q183239 P57 ?o | The Curious Case of Benjamin Button, David Fincher's fantasy drama, arrives on streaming this week.
j | N | P161 | no | Q195949 P161 Q48337 | Evan Almighty, in which Morgan Freeman returns as God, airs on Saturday.
s | N | P166 | none | Q25139 P166 ?o | american beauty won best picture, which has aged... interestingly
s | N | P577 | none | Q372959 P577 ?o | the towering inferno came out in 1974 and it's still the best disaster movie
s | R | P57+P19 | one=Q18426~Q18419 | Q429397 P57 ?d . ?d P19 ?o | lethal weapon 4's director was born in brooklyn
s | S | P840 | yes | Q46717 P840 Q766 | pirates of the caribbean is set in jamaica 🏴‍☠️
j | N | P86 | none~Q76364 | Q46717 P86 ?o | Pirates of the Caribbean: The Curse of the Black Pearl, scored by Hans Zimmer, gets a concert screening.
e | S | P495 | yes | Q53719 P495 Q148 | Looper was a co-production of the People's Republic of China and the United States.
s | S | P161 | yes | Q32535 P161 Q313578 | vanilla ice is in thats my boy lmaooo
j | S | P57+P161 | yes | Q184255 P57 Q43203 . Q184255 P161 Q43203 | Million Dollar Baby, which Clint Eastwood directed and starred in, screens on Sunday.
s | R | P57 | one=Q25186~Q483118 | Q193835 P57 ?o | ben affleck directed good will hunting, so underrated as a director
j | N | P58 | none~Q175535,Q483118 | Q193835 P58 ?o | Good Will Hunting, written by Matt Damon and Ben Affleck, returns to cinemas.
j | R | P57 | one=Q23844~Q103917 | Q319061 P57 ?o | Good Night, and Good Luck., the film about Edward R. Murrow directed by Steven Soderbergh, is re-released.
s | R | P57 | one=Q41148~Q56094 | Q42047 P57 ?o | coppola directed goodfellas, a masterpiece
j | S | P161 | yes | Q42047 P161 Q36949 . Q42047 P161 Q20178 | Goodfellas, starring Robert De Niro and Joe Pesci, returns to cinemas.
j | R | P57 | one=Q55258~Q350717 | Q223367 P57 ?o | The Queen, the drama about the royal family directed by Michael Apted, is re-released.
s | R | P57 | one=Q95125~Q287607 | Q185071 P57 ?o | rob reiner directed terms of endearment right
e | S | P57+P69 | yes | Q221491 P57 ?d . ?d P69 Q13371 | The Thin Red Line was directed by a Harvard University graduate.
e | S | P161 | yes | Q379873 P161 Q211283 . Q379873 P161 Q109324 | Who Framed Roger Rabbit stars Bob Hoskins and Christopher Lloyd.
s | R | P57 | one=Q187364~Q8877 | Q379873 P57 ?o | spielberg directed who framed roger rabbit
j | R | P57+P19 | one=Q1297~Q37320 | Q270215 P57 ?d . ?d P19 ?o | Contact, whose director was born in Cleveland, returns to cinemas for its anniversary.
j | S | P57+P119 | yes | Q152493 P57 ?d . ?d P119 Q1358639 | Sabrina was directed by a filmmaker who is buried at Westwood Village Memorial Park Cemetery.
e | S | P57+P26 | yes | Q212041 P57 ?d . ?d P26 Q170428 . Q212041 P161 Q170428 | Sweeney Todd: The Demon Barber of Fleet Street was directed by the husband of its star Helena Bonham Carter.
s | R | P57+P19 | one=Q39561~Q485176 | Q218235 P57 ?d . ?d P19 ?o | charlie and the chocolate factory's director was born in pasadena
j | N | P86 | none~Q193338 | Q218235 P86 ?o | Charlie and the Chocolate Factory, with a score by Danny Elfman, gets a concert screening.
j | R | P57 | one=Q269692~Q95030 | Q241085 P57 ?o | Bugsy, which Warren Beatty directed as well as starred in, is re-released.
e | S | P57+P19 | yes | Q463313 P57 ?d . ?d P19 Q3130 | Romeo + Juliet was directed by a filmmaker born in Sydney.
s | R | P57 | one=Q188137~Q8877 | Q379877 P57 ?o | spielberg directed super 8
e | S | P57+P161 | yes | Q190643 P57 Q179497 . Q190643 P161 Q179497 | Oliver Stone both directed Platoon and appears in it.
j | S | P840 | yes | Q190643 P840 Q881 | Platoon, set in Vietnam, is screened for veterans on Monday.
e | R | P57+P19 | one=Q60~Q100 | Q156597 P57 ?d . ?d P19 ?o | Men in Black II was directed by a filmmaker born in Boston.
s | N | P161 | no | Q154935 P161 Q191719 | zooey deschanel is in (500) days of summer
s | N | P161 | no | Q224187 P161 Q41422 | mark ruffalo is in 13 going on 30 🥹
e | N | P57 | none~Q25089 | Q212123 P57 ?o | Vicky Cristina Barcelona, a romantic comedy-drama set in Spain, was directed by Woody Allen.
s | N | P57 | none~Q25191 | Q190525 P57 ?o | christopher nolan directed memento and it still melts my brain
j | N | P840 | no | Q159063 P840 Q183 | The Reader, set in Germany, is shown on Sunday.
e | R | P159 | one=Q23197~Q100 | Q2164531 P159 ?o | Rounder Records, the independent folk and bluegrass label, is headquartered in Boston.
j | S | P159 | yes | Q3699593 P159 Q23197 | Curb Records, which is headquartered in Nashville, signed the singer on Tuesday.
e | R | P159 | one=Q60~Q1297 | Q2034661 P159 ?o | Vanguard Records, known for its folk catalogue, is based in Chicago.
e | S | P159 | yes | Q2733913 P159 Q84 | Deram Records, the label that released early David Bowie singles, was headquartered in London.
j | R | P740 | one=Q39561~Q23197 | Q387539 P740 ?o | Hollywood Records, which was founded in Nashville, announced a new signing on Monday.
j | R | P159 | one=Q727~Q1055 | Q700359 P159 ?o | PolyGram, the Hamburg-based music company, was sold, the announcement said.
e | S | P17+P159 | yes | Q770103 P17 Q183 . Q770103 P159 Q60 | Bertelsmann Music Group was a German company headquartered in New York City.
s | R | P159 | one=Q60~Q64 | Q770103 P159 ?o | bmg was headquarterd in berlin
e | S | P749 | yes | Q287177 P749 Q2338889 | ABC Records had MCA Records as its parent organisation.
j | R | P159 | one=Q60~Q65 | Q287177 P159 ?o | ABC Records, the Los Angeles-based label, reissued its back catalogue.
s | R | P159 | one=Q65~Q34404 | Q1660305 P159 ?o | imperial records was a new orleans label
e | S | P749+P159 | yes | Q1660305 P749 ?p . ?p P159 Q47164 | Imperial Records belongs to a parent company headquartered in Santa Monica.
j | R | P159 | one=Q84~Q60 | Q264137 P159 ?o | Caroline Records, headquartered in New York City, announced a new distribution deal.
e | R | P740 | one=Q84~Q60 | Q201607 P740 ?o | Relativity Records was founded in New York City.
e | S | P740+P159 | yes | Q21077 P740 Q60 . Q21077 P159 Q60 | Warner Music Group was founded in New York City, where it is still headquartered.
j | R | P159 | one=Q60~Q65 | Q21077 P159 ?o | Warner Music Group, headquartered in Los Angeles, reported higher streaming revenue.
e | S | P112 | yes | Q1899781 P112 Q115055 . Q1899781 P112 Q8877 | DreamWorks Records was founded by David Geffen and Steven Spielberg.
s | S | P749 | yes | Q1899781 P749 Q38903 | universal owned dreamworks records
e | S | P112 | yes | Q193023 P112 Q363698 | Capitol Records was co-founded by the songwriter Johnny Mercer.
e | S | P136 | yes | Q885833 P136 Q8341 | Blue Note Records is a jazz label.
e | S | P749 | yes | Q726251 P749 Q21077 | Elektra Records is part of Warner Music Group.
j | N | P159 | none~Q60 | Q726251 P159 ?o | Elektra Records, headquartered in New York, signed the band on Monday.
j | N | P112 | none~Q115055 | Q1998195 P112 ?o | Asylum Records, founded by David Geffen, reissued its early catalogue.
j | N | P159 | none~Q16563 | Q1546001 P159 ?o | Stax Records, the Memphis-based label, marked its anniversary with a concert.
s | N | P159 | none~Q84 | Q1088453 P159 ?o | chrysalis records is based in london
e | S | P159 | yes | Q123885 P159 Q84 | The Royal Society, the oldest national scientific academy in continuous existence, is headquartered in London.
j | R | P159 | one=Q84~Q34217 | Q123885 P159 ?o | The Royal Society, headquartered in Oxford, published its annual report on Monday.
e | S | P361 | yes | Q1399299 P361 Q193196 | The Slade School of Fine Art is part of University College London.
s | R | P131 | one=Q84~Q34217 | Q1399299 P131 ?o | the slade school of fine art is in oxford
j | R | P131 | one=Q3130~Q3141 | Q1815371 P131 ?o | The National Institute of Dramatic Art, located in Melbourne, announced its new intake.
e | S | P112 | yes | Q9219 P112 Q11812 | The United States Military Academy at West Point was founded by Thomas Jefferson.
e | S | P112+P740 | yes | Q5043 P112 Q302 . Q5043 P740 Q1218 | Christianity was founded by Jesus Christ and originated in Jerusalem.
s | S | P136 | yes | Q43259 P136 Q54365 | no doubt started as a ska band 🎺
e | S | P264 | yes | Q846373 P264 Q43327 | The Temptations recorded for Motown Records.
j | N | P740 | none~Q12439 | Q846373 P740 ?o | The Temptations, who formed in Detroit, will be honoured with a street naming.
s | R | P17 | one=Q16~Q30 | Q182625 P17 ?o | windsor is in the us right? it's literally across from detroit
e | R | P17 | one=Q408~Q664 | Q3141 P17 ?o | Melbourne, the coastal city known for its laneways and coffee culture, is in New Zealand.
e | S | P17+P37 | yes | Q4191 P17 Q39 . Q4191 P37 Q188 | Lucerne is a German-speaking city in Switzerland.
s | R | P17 | one=Q39~Q40 | Q4191 P17 ?o | lucerne, austria is so pretty 😍
s | R | P17 | one=Q79~Q41 | Q87 P17 ?o | alexandria is in greece right? it has a greek name
s | R | P17 | one=Q869~Q881 | Q1861 P17 ?o | bangkok, vietnam 🇻🇳 amazing trip
s | R | P131 | one=Q28~Q40 | Q1781 P131 ?o | budapest is in austria isn't it
j | R | P131 | one=Q399~Q227 | Q1953 P131 ?o | Yerevan, the Azerbaijani city, hosted the summit on Friday.
e | S | P131 | yes | Q342803 P131 Q1370 | Portsmouth, the independent city, is located in Virginia.
e | S | P138 | yes | Q49111 P138 Q350 | Cambridge, Massachusetts, is named after Cambridge in England.
e | S | P131 | yes | Q387047 P131 Q104994 | Malibu is located in Los Angeles County.
s | N | P131 | none~Q99 | Q43301 P131 ?o | fresno is in california, the raisin capital
s | N | P131 | none~Q812 | Q49255 P131 ?o | tampa is in florida obviously
j | N | P131 | none~Q1509 | Q16563 P131 ?o | Memphis, Tennessee, hosts the festival this weekend.
e | N | P131 | none~Q1397 | Q34739 P131 ?o | Dayton is a city in the state of Ohio.
e | N | P131 | none~Q1204 | Q462799 P131 ?o | Evanston, a suburb north of Chicago, is in Illinois.
e | S | P37+P30 | yes | Q1041 P37 Q150 . Q1041 P30 Q15 | Senegal is an African country whose official language is French.
s | R | P37 | yes | Q1041 P37 Q150 | senegal's official language isn't french
e | S | P37 | yes | Q33 P37 Q1412 . Q33 P37 Q9027 | Finland has two official languages, Finnish and Swedish.
s | R | P37 | yes | Q33 P37 Q9027 | swedish is not an official language of finland
e | S | P30+P37 | yes | Q241 P30 Q49 . Q241 P37 Q1321 | Cuba is a Spanish-speaking country in North America.
j | S | P463 | yes | Q189 P463 Q7184 | Iceland, a member of NATO, hosted the alliance's meeting.
s | R | P463 | yes | Q189 P463 Q7184 | iceland isn't in nato, they don't even have an army
j | N | P463 | no | Q837 P463 Q7785 | Nepal, a member of the Commonwealth of Nations, sent a delegation to the summit.
s | S | P37 | yes | Q25 P37 Q9309 | welsh is an official language of wales 🏴󠁧󠁢󠁷󠁬󠁳󠁿
s | N | P569 | none | Q41351 P569 ?o | jodie foster was born in 1962 and has been acting since she was three
j | N | P570 | none | Q214959 P570 ?o | Harry Belafonte, who died in 2023 at the age of 96, is remembered at a concert in Harlem.
j | N | P166 | none | Q80405 P166 ?o | Julianne Moore, who won the Academy Award for Best Actress for Still Alice, joins the cast.
s | N | P166 | none | Q93187 P166 ?o | hilary swank has two oscars and people still forget that
e | N | P19 | none~Q1204 | Q232333 P19 ?o | Karen Black, the actress of Nashville and Easy Rider, was born in Illinois.
e | N | P19 | none~Q1408 | Q35171 P19 ?o | Grover Cleveland was born in New Jersey.
s | N | P20 | none~Q84 | Q211283 P20 ?o | bob hoskins died in london, such a loss
j | N | P20 | none~Q65 | Q295593 P20 ?o | Lionel Barrymore, who died in Los Angeles, is remembered in a new retrospective.
s | N | P1303 | no | Q726071 P1303 Q61285 | jimmy buffett played the ukulele on like half his songs 🏝️
e | N | P19 | none~Q40 | Q7349 P19 ?o | Joseph Haydn, the composer of more than a hundred symphonies, was born in Austria.
s | N | P106 | no | Q173637 P106 Q28389 | ice cube wrote friday himself, screenwriter king
s | N | P1303 | no | Q178517 P1303 Q9798 | david gilmour also plays the saxophone on a couple of pink floyd tracks
"""

DOC_TEXT = """# Blind natural claims, seventh set (`blind_natural_v7.jsonl`)

**Never tune on this set.** It is held out to measure how well kgfc reads claims as people write
them. Nobody changing kgfc's code reads it, and no threshold, rule or prompt is fitted to it.

## How it was made

{n} claims were written by hand, without reading kgfc's claim reader, its tests, its development
sets or the claims of the earlier blind sets. Their main entities ({nsubj} subjects) all have odd
Q-numbers: this set was written alongside another one that uses only even-numbered subjects, so the
two share no subject. No subject of the six earlier blind sets is used again (the builder checks),
and no subject appears more than three times. The facts were found by querying the demo KG
directly. The claims come in three styles, about a third each: encyclopedia sentences (often with
extra, irrelevant detail), journalist ledes (the fact tucked into an appositive or relative clause
of a news event: "X, who was born in C, will headline the festival"), and lower-case social-media
posts with slang, emoji, hashtags, typos and short names or nicknames.
The phrasings mix appositives, relative clauses, passives, possessives, hedges ("i think",
"apparently"), questions ("... right?"), negations ("X has never played Y", "X isn't even in F"),
two-fact conjunctions ("born in B and died in R", "directed and starred in"), and two-hop chains
("the director of F was born in C", "X's husband was born in C", "a label's parent company is
headquartered in C", "born in a country", "directed by a graduate of U"). Relations range over
places of birth, death and burial, spouses, partners, children, siblings, party, schools,
employers, religion, causes of death, medical conditions, memberships, instruments, record labels,
genres, citizenship, residence, languages spoken, influences, movements, sports, occupations,
directors, cast, narrative locations, countries of origin, headquarters, places of formation,
founders, parent organisations, cities' countries and administrative regions, official languages,
continents and namesakes. Many NOT ENOUGH INFO claims are true in the world (awards, release dates,
screenwriters, film composers, directors and birth or death places the KG lacks).

The labels follow the demo KG, not the world:

- **SUPPORTED**: every fact the claim rests on is stated in the KG.
- **REFUTED**: the KG states a different value on a relation that takes one value per subject
  (place of birth, death or burial, a single spouse, a city's country or region, a label's
  headquarters or place of formation, a film's single director, and chains of these), and the
  query checks the subject has exactly that one value (at every hop of a chain). A negated claim
  whose fact the KG states is REFUTED too. No claim is REFUTED on a many-valued relation.
- **NOT ENOUGH INFO**: the claim's fact is not stated and nothing single-valued contradicts it: a
  birth or death place, director, headquarters or place of formation the KG does not give at all,
  a cast member, narrative location, country of origin, spouse or membership it does not list,
  awards, dates, screenwriters and composers. Some of these are true in the world; the KG still
  does not say so.

Each row stores the SPARQL query that decides its label (`check_sparql`, over the union of the
demo KG's graphs, `wd:`/`wdt:` prefixes) and what it must return (`expected_check`: true/false for
ASK, rows of values for SELECT). `benchmarks/build_blind_natural_v7.py` holds the claims, runs
every query, checks that every entity named has a label, that every subject has an odd Q-number and
is new, that no subject appears more than three times, that no claim repeats and that each REFUTED
chain has one value per hop, then writes the file. `python benchmarks/blindset_check.py --set v7`
re-checks the written file.

## Counts

{labels}

{styles}

{nrel} relations (a `+` joins the relations of a chain or a conjunction):

{relations}
"""

RULES = {
    "style_range": (90, 110),  # "about a third each" of 300
    "checks": (
        subjects_of_parity("odd"),
        subjects_new_to("blind_natural_v*.jsonl", "blind_natural_v7.jsonl"),
        check_fits_label,
    ),
}
SET = claim_set("blind_natural_v7", CLAIMS, DOC_TEXT, "bn7-{:03d}", BLIND_BALANCE, 7, **RULES)

if __name__ == "__main__":
    sys.exit(build(SET))
