"""Writes documents_dev.jsonl: the development documents (kgfc's document reader is tuned on these).

The format is the one of build_blind.py: (text, kind, refers_to, claims) per sentence,
"¶" for a new paragraph; common.py checks every label against the demo KG by SPARQL.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import write  # noqa: E402

S, R, N = "SUPPORTED", "REFUTED", "NOT ENOUGH INFO"

DOCS = [
    ("dev-01", "bio", [
        ("Albert Einstein was a physicist and philosopher.", "worthy", None, [
            ("Albert Einstein was a physicist.", S, [("Q937", "P106", "Q169470")]),
            ("Albert Einstein was a philosopher.", S, [("Q937", "P106", "Q4964182")]),
        ]),
        ("He was born in Ulm.", "worthy", ("He", "Q937"), [
            ("Albert Einstein was born in Ulm.", S, [("Q937", "P19", "Q3012")]),
        ]),
        ("Einstein studied at ETH Zurich.", "worthy", ("Einstein", "Q937"), [
            ("Albert Einstein studied at ETH Zurich.", S, [("Q937", "P69", "Q11942")]),
        ]),
        ("He died in Princeton.", "worthy", ("He", "Q937"), [
            ("Albert Einstein died in Princeton.", S, [("Q937", "P20", "Q138518")]),
        ]),
        ("His theories are beautiful.", "opinion", ("His", "Q937"), []),
    ]),
    ("dev-02", "news", [
        ("Steve Jobs was born in San Francisco.", "worthy", None, [
            ("Steve Jobs was born in San Francisco.", S, [("Q19837", "P19", "Q62")]),
        ]),
        ("He died in Palo Alto of pancreatic cancer.", "worthy", ("He", "Q19837"), [
            ("Steve Jobs died in Palo Alto of pancreatic cancer.", S, [("Q19837", "P20", "Q47265"), ("Q19837", "P509", "Q212961")]),
        ]),
        ("Jobs was an inventor and an entrepreneur.", "worthy", ("Jobs", "Q19837"), [
            ("Steve Jobs was an inventor.", S, [("Q19837", "P106", "Q205375")]),
            ("Steve Jobs was an entrepreneur.", S, [("Q19837", "P106", "Q131524")]),
        ]),
        ("Will his company ever be this innovative again?", "question", ("his", "Q19837"), []),
        ("Analysts said that he was a genius.", "quote", ("he", "Q19837"), []),
    ]),
    ("dev-03", "bio", [
        ("Wolfgang Amadeus Mozart", "heading", None, []),
        ("¶", None, None, []),
        ("Wolfgang Amadeus Mozart was a composer and pianist.", "worthy", None, [
            ("Wolfgang Amadeus Mozart was a composer.", S, [("Q254", "P106", "Q36834")]),
            ("Wolfgang Amadeus Mozart was a pianist.", S, [("Q254", "P106", "Q486748")]),
        ]),
        ("He was born in Vienna.", "worthy", ("He", "Q254"), [
            ("Wolfgang Amadeus Mozart was born in Vienna.", R, [("Q254", "P19", "Q1741")]),
        ]),
        ("Mozart died in Vienna.", "worthy", ("Mozart", "Q254"), [
            ("Wolfgang Amadeus Mozart died in Vienna.", S, [("Q254", "P20", "Q1741")]),
        ]),
        ("He wrote more than 600 works.", "not_covered", ("He", "Q254"), []),
        ("His operas are masterpieces.", "opinion", ("His", "Q254"), []),
    ]),
    ("dev-04", "bio", [
        ("Fritz Lang was a film director and screenwriter.", "worthy", None, [
            ("Fritz Lang was a film director.", S, [("Q19504", "P106", "Q2526255")]),
            ("Fritz Lang was a screenwriter.", S, [("Q19504", "P106", "Q28389")]),
        ]),
        ("Born in Vienna, he later moved to the United States.", "worthy", ("he", "Q19504"), [
            ("Fritz Lang was born in Vienna.", S, [("Q19504", "P19", "Q1741")]),
        ]),
        ("Lang died in Beverly Hills.", "worthy", ("Lang", "Q19504"), [
            ("Fritz Lang died in Beverly Hills.", S, [("Q19504", "P20", "Q127856")]),
        ]),
        ("The director is buried in Forest Lawn Memorial Park.", "worthy", ("The director", "Q19504"), [
            ("Fritz Lang is buried in Forest Lawn Memorial Park.", S, [("Q19504", "P119", "Q1302545")]),
        ]),
    ]),
    ("dev-05", "news", [
        ("Mario Puzo, an American writer, was born in Manhattan.", "worthy", None, [
            ("Mario Puzo was born in Manhattan.", S, [("Q182870", "P19", "Q11299")]),
            ("Mario Puzo was an American writer.", S, [("Q182870", "P106", "Q36180"), ("Q182870", "P27", "Q30")]),
        ]),
        ("He studied at New York University.", "worthy", ("He", "Q182870"), [
            ("Mario Puzo studied at New York University.", S, [("Q182870", "P69", "Q49210")]),
        ]),
        ("Puzo died of a heart attack on Long Island.", "worthy", ("Puzo", "Q182870"), [
            ("Mario Puzo died on Long Island.", S, [("Q182870", "P20", "Q18438")]),
        ]),
        ("His novel will be adapted again next year.", "prediction", ("His", "Q182870"), []),
    ]),
    ("dev-06", "bio", [
        ("Carl Sagan was an American astronomer.", "worthy", None, [
            ("Carl Sagan was an American astronomer.", S, [("Q410", "P106", "Q11063"), ("Q410", "P27", "Q30")]),
        ]),
        ("He was born in Brooklyn and died in Seattle.", "worthy", ("He", "Q410"), [
            ("Carl Sagan was born in Brooklyn.", S, [("Q410", "P19", "Q18419")]),
            ("Carl Sagan died in Seattle.", S, [("Q410", "P20", "Q5083")]),
        ]),
        ("Sagan worked for Cornell University.", "worthy", ("Sagan", "Q410"), [
            ("Carl Sagan worked for Cornell University.", S, [("Q410", "P108", "Q49115")]),
        ]),
        ("He probably inspired millions of students.", "speculation", ("He", "Q410"), []),
        ("The astronomer died of pneumonia.", "worthy", ("The astronomer", "Q410"), [
            ("Carl Sagan died of pneumonia.", S, [("Q410", "P509", "Q12192")]),
        ]),
    ]),
    ("dev-07", "social", [
        ("Fun fact: Douglas Adams was born in Cambridge.", "worthy", None, [
            ("Douglas Adams was born in Cambridge.", S, [("Q42", "P19", "Q350")]),
        ]),
        ("He worked for the BBC.", "worthy", ("He", "Q42"), [
            ("Douglas Adams worked for the BBC.", S, [("Q42", "P108", "Q9531")]),
        ]),
        ("Adams died in London.", "worthy", ("Adams", "Q42"), [
            ("Douglas Adams died in London.", R, [("Q42", "P20", "Q84")]),
        ]),
        ("Best writer ever!", "opinion", None, []),
        ("He was also a comedian.", "worthy", ("He", "Q42"), [
            ("Douglas Adams was a comedian.", S, [("Q42", "P106", "Q245068")]),
        ]),
    ]),
    ("dev-08", "bio", [
        ("David Hume was a philosopher, historian and economist.", "worthy", None, [
            ("David Hume was a philosopher.", S, [("Q37160", "P106", "Q4964182")]),
            ("David Hume was a historian.", S, [("Q37160", "P106", "Q201788")]),
            ("David Hume was an economist.", S, [("Q37160", "P106", "Q188094")]),
        ]),
        ("He was born in Edinburgh.", "worthy", ("He", "Q37160"), [
            ("David Hume was born in Edinburgh.", S, [("Q37160", "P19", "Q23436")]),
        ]),
        ("Hume studied at the University of Edinburgh.", "worthy", ("Hume", "Q37160"), [
            ("David Hume studied at the University of Edinburgh.", S, [("Q37160", "P69", "Q160302")]),
        ]),
        ("He died in London.", "worthy", ("He", "Q37160"), [
            ("David Hume died in London.", R, [("Q37160", "P20", "Q84")]),
        ]),
        ("Was he an atheist?", "question", ("he", "Q37160"), []),
    ]),
    ("dev-09", "bio", [
        ("Karl Popper was born in Vienna.", "worthy", None, [
            ("Karl Popper was born in Vienna.", S, [("Q81244", "P19", "Q1741")]),
        ]),
        ("He studied at the University of Vienna.", "worthy", ("He", "Q81244"), [
            ("Karl Popper studied at the University of Vienna.", S, [("Q81244", "P69", "Q165980")]),
        ]),
        ("Popper later worked for the London School of Economics.", "worthy", ("Popper", "Q81244"), [
            ("Karl Popper worked for the London School of Economics.", S, [("Q81244", "P108", "Q174570")]),
        ]),
        ("The philosopher died in Vienna.", "worthy", ("The philosopher", "Q81244"), [
            ("Karl Popper died in Vienna.", R, [("Q81244", "P20", "Q1741")]),
        ]),
        ("I believe his ideas will outlast us all.", "opinion", ("his", "Q81244"), []),
    ]),
    ("dev-10", "news", [
        ("Marcel Proust was born in Paris.", "worthy", None, [
            ("Marcel Proust was born in Paris.", S, [("Q7199", "P19", "Q90")]),
        ]),
        ("He studied at Sciences Po.", "worthy", ("He", "Q7199"), [
            ("Marcel Proust studied at Sciences Po.", S, [("Q7199", "P69", "Q859363")]),
        ]),
        ("Proust died of pneumonia in Paris.", "worthy", ("Proust", "Q7199"), [
            ("Marcel Proust died of pneumonia in Paris.", S, [("Q7199", "P509", "Q12192"), ("Q7199", "P20", "Q90")]),
        ]),
        ("Readers say his sentences are too long.", "quote", ("his", "Q7199"), []),
        ("His novel has seven volumes.", "not_covered", ("His", "Q7199"), []),
    ]),
    ("dev-11", "bio", [
        ("Johann Wolfgang von Goethe was born in Frankfurt.", "worthy", None, [
            ("Johann Wolfgang von Goethe was born in Frankfurt.", S, [("Q5879", "P19", "Q1794")]),
        ]),
        ("Goethe was a playwright and a diplomat.", "worthy", ("Goethe", "Q5879"), [
            ("Johann Wolfgang von Goethe was a playwright.", S, [("Q5879", "P106", "Q214917")]),
            ("Johann Wolfgang von Goethe was a diplomat.", S, [("Q5879", "P106", "Q193391")]),
        ]),
        ("He studied at the University of Strasbourg.", "worthy", ("He", "Q5879"), [
            ("Johann Wolfgang von Goethe studied at the University of Strasbourg.", S, [("Q5879", "P69", "Q157575")]),
        ]),
        ("He died in Berlin.", "worthy", ("He", "Q5879"), [
            ("Johann Wolfgang von Goethe died in Berlin.", R, [("Q5879", "P20", "Q64")]),
        ]),
    ]),
    ("dev-12", "bio", [
        ("Johannes Brahms was a German composer and conductor.", "worthy", None, [
            ("Johannes Brahms was a German composer.", S, [("Q7294", "P106", "Q36834"), ("Q7294", "P27", "Q183")]),
            ("Johannes Brahms was a German conductor.", S, [("Q7294", "P106", "Q158852"), ("Q7294", "P27", "Q183")]),
        ]),
        ("He was born in Hamburg.", "worthy", ("He", "Q7294"), [
            ("Johannes Brahms was born in Hamburg.", S, [("Q7294", "P19", "Q1055")]),
        ]),
        ("Brahms lived in Vienna, where he died.", "worthy", ("Brahms", "Q7294"), [
            ("Johannes Brahms lived in Vienna.", S, [("Q7294", "P551", "Q1741")]),
        ]),
        ("His symphonies are sublime.", "opinion", ("His", "Q7294"), []),
    ]),
    ("dev-13", "bio", [
        ("Gottfried Wilhelm Leibniz was a mathematician and philosopher.", "worthy", None, [
            ("Gottfried Wilhelm Leibniz was a mathematician.", S, [("Q9047", "P106", "Q170790")]),
            ("Gottfried Wilhelm Leibniz was a philosopher.", S, [("Q9047", "P106", "Q4964182")]),
        ]),
        ("He was born in Leipzig and studied at Leipzig University.", "worthy", ("He", "Q9047"), [
            ("Gottfried Wilhelm Leibniz was born in Leipzig.", S, [("Q9047", "P19", "Q2079")]),
            ("Gottfried Wilhelm Leibniz studied at Leipzig University.", S, [("Q9047", "P69", "Q154804")]),
        ]),
        ("Leibniz died in Hanover.", "worthy", ("Leibniz", "Q9047"), [
            ("Gottfried Wilhelm Leibniz died in Hanover.", S, [("Q9047", "P20", "Q1715")]),
        ]),
        ("He may have met Spinoza.", "speculation", ("He", "Q9047"), []),
    ]),
    ("dev-14", "news", [
        ("Gene Kelly was born in Pittsburgh.", "worthy", None, [
            ("Gene Kelly was born in Pittsburgh.", S, [("Q73089", "P19", "Q1342")]),
        ]),
        ("The dancer studied at the University of Pittsburgh.", "worthy", ("The dancer", "Q73089"), [
            ("Gene Kelly studied at the University of Pittsburgh.", S, [("Q73089", "P69", "Q235034")]),
        ]),
        ("Kelly was a member of the Republican Party.", "worthy", ("Kelly", "Q73089"), [
            ("Gene Kelly was a member of the Republican Party.", R, [("Q73089", "P102", "Q29468")]),
        ]),
        ("He died in Beverly Hills.", "worthy", ("He", "Q73089"), [
            ("Gene Kelly died in Beverly Hills.", S, [("Q73089", "P20", "Q127856")]),
        ]),
        ("Nobody danced better than him.", "opinion", ("him", "Q73089"), []),
    ]),
    ("dev-15", "news", [
        ("Michael Jackson was born in Gary.", "worthy", None, [
            ("Michael Jackson was born in Gary.", S, [("Q2831", "P19", "Q184116")]),
        ]),
        ("He was part of The Jackson 5.", "worthy", ("He", "Q2831"), [
            ("Michael Jackson was part of The Jackson 5.", S, [("Q2831", "P361", "Q43267")]),
        ]),
        ("Jackson recorded for Motown Records and Epic Records.", "worthy", ("Jackson", "Q2831"), [
            ("Michael Jackson recorded for Motown Records.", S, [("Q2831", "P264", "Q43327")]),
            ("Michael Jackson recorded for Epic Records.", S, [("Q2831", "P264", "Q216364")]),
        ]),
        ("His sister is Janet Jackson.", "worthy", ("His", "Q2831"), [
            ("Michael Jackson's sibling is Janet Jackson.", S, [("Q2831", "P3373", "Q131324")]),
        ]),
        ("He died in Los Angeles.", "worthy", ("He", "Q2831"), [
            ("Michael Jackson died in Los Angeles.", S, [("Q2831", "P20", "Q65")]),
        ]),
        ("His music will live forever.", "prediction", ("His", "Q2831"), []),
    ]),
    ("dev-16", "bio", [
        ("Richard Wagner was a German composer.", "worthy", None, [
            ("Richard Wagner was a German composer.", N, [("Q1511", "P27", "Q183")]),
        ]),
        ("He was born in Leipzig.", "worthy", ("He", "Q1511"), [
            ("Richard Wagner was born in Leipzig.", S, [("Q1511", "P19", "Q2079")]),
        ]),
        ("Wagner died in Venice.", "worthy", ("Wagner", "Q1511"), [
            ("Richard Wagner died in Venice.", S, [("Q1511", "P20", "Q641")]),
        ]),
        ("Critics argue that his operas are too long.", "quote", ("his", "Q1511"), []),
    ]),
    ("dev-17", "social", [
        ("Frank Zappa was born in Baltimore.", "worthy", None, [
            ("Frank Zappa was born in Baltimore.", S, [("Q127330", "P19", "Q5092")]),
        ]),
        ("Zappa was a guitarist, composer and singer.", "worthy", ("Zappa", "Q127330"), [
            ("Frank Zappa was a guitarist.", S, [("Q127330", "P106", "Q855091")]),
            ("Frank Zappa was a composer.", S, [("Q127330", "P106", "Q36834")]),
            ("Frank Zappa was a singer.", S, [("Q127330", "P106", "Q177220")]),
        ]),
        ("He died in New York City.", "worthy", ("He", "Q127330"), [
            ("Frank Zappa died in New York City.", R, [("Q127330", "P20", "Q60")]),
        ]),
        ("Seriously, what a legend.", "opinion", None, []),
    ]),
    ("dev-18", "bio", [
        ("Ayn Rand was born in Saint Petersburg.", "worthy", None, [
            ("Ayn Rand was born in Saint Petersburg.", S, [("Q132524", "P19", "Q656")]),
        ]),
        ("She was a philosopher and a playwright.", "worthy", ("She", "Q132524"), [
            ("Ayn Rand was a philosopher.", S, [("Q132524", "P106", "Q4964182")]),
            ("Ayn Rand was a playwright.", S, [("Q132524", "P106", "Q214917")]),
        ]),
        ("Rand studied at Saint Petersburg State University.", "worthy", ("Rand", "Q132524"), [
            ("Ayn Rand studied at Saint Petersburg State University.", S, [("Q132524", "P69", "Q27621")]),
        ]),
        ("She died in New York City.", "worthy", ("She", "Q132524"), [
            ("Ayn Rand died in New York City.", S, [("Q132524", "P20", "Q60")]),
        ]),
    ]),
    ("dev-19", "news", [
        ("Andy Warhol was born in Pittsburgh.", "worthy", None, [
            ("Andy Warhol was born in Pittsburgh.", S, [("Q5603", "P19", "Q1342")]),
        ]),
        ("He studied at Carnegie Mellon University.", "worthy", ("He", "Q5603"), [
            ("Andy Warhol studied at Carnegie Mellon University.", S, [("Q5603", "P69", "Q190080")]),
        ]),
        ("Warhol was a painter and a photographer.", "worthy", ("Warhol", "Q5603"), [
            ("Andy Warhol was a painter.", S, [("Q5603", "P106", "Q1028181")]),
            ("Andy Warhol was a photographer.", S, [("Q5603", "P106", "Q33231")]),
        ]),
        ("The painter died in Los Angeles.", "worthy", ("The painter", "Q5603"), [
            ("Andy Warhol died in Los Angeles.", R, [("Q5603", "P20", "Q65")]),
        ]),
        ("His soup cans are iconic.", "opinion", ("His", "Q5603"), []),
    ]),
    ("dev-20", "bio", [
        ("Benjamin Franklin was born in Boston.", "worthy", None, [
            ("Benjamin Franklin was born in Boston.", S, [("Q34969", "P19", "Q100")]),
        ]),
        ("He was a writer, a diplomat and an inventor.", "worthy", ("He", "Q34969"), [
            ("Benjamin Franklin was a writer.", S, [("Q34969", "P106", "Q36180")]),
            ("Benjamin Franklin was a diplomat.", S, [("Q34969", "P106", "Q193391")]),
            ("Benjamin Franklin was an inventor.", S, [("Q34969", "P106", "Q205375")]),
        ]),
        ("Franklin died in Philadelphia.", "worthy", ("Franklin", "Q34969"), [
            ("Benjamin Franklin died in Philadelphia.", S, [("Q34969", "P20", "Q1345")]),
        ]),
        ("He flew a kite in 1752.", "not_covered", ("He", "Q34969"), []),
    ]),
    ("dev-21", "bio", [
        ("Ludwig Wittgenstein was born in Vienna.", "worthy", None, [
            ("Ludwig Wittgenstein was born in Vienna.", S, [("Q9391", "P19", "Q1741")]),
        ]),
        ("He studied at the Technical University of Berlin.", "worthy", ("He", "Q9391"), [
            ("Ludwig Wittgenstein studied at the Technical University of Berlin.", S, [("Q9391", "P69", "Q51985")]),
        ]),
        ("Wittgenstein died in Oxford.", "worthy", ("Wittgenstein", "Q9391"), [
            ("Ludwig Wittgenstein died in Oxford.", R, [("Q9391", "P20", "Q34217")]),
        ]),
        ("He died of prostate cancer.", "worthy", ("He", "Q9391"), [
            ("Ludwig Wittgenstein died of prostate cancer.", S, [("Q9391", "P509", "Q181257")]),
        ]),
        ("Perhaps he never understood his own book.", "speculation", ("he", "Q9391"), []),
    ]),
    ("dev-22", "bio", [
        ("C. S. Lewis was born in Belfast.", "worthy", None, [
            ("C. S. Lewis was born in Belfast.", S, [("Q9204", "P19", "Q10686")]),
        ]),
        ("He was a poet and a theologian.", "worthy", ("He", "Q9204"), [
            ("C. S. Lewis was a poet.", S, [("Q9204", "P106", "Q49757")]),
            ("C. S. Lewis was a theologian.", S, [("Q9204", "P106", "Q1234713")]),
        ]),
        ("Lewis worked for Magdalen College.", "worthy", ("Lewis", "Q9204"), [
            ("C. S. Lewis worked for Magdalen College.", S, [("Q9204", "P108", "Q81162")]),
        ]),
        ("He died in Cambridge.", "worthy", ("He", "Q9204"), [
            ("C. S. Lewis died in Cambridge.", R, [("Q9204", "P20", "Q350")]),
        ]),
        ("His books are wonderful.", "opinion", ("His", "Q9204"), []),
    ]),
    ("dev-23", "news", [
        ("F. Scott Fitzgerald was born in Saint Paul.", "worthy", None, [
            ("F. Scott Fitzgerald was born in Saint Paul.", S, [("Q93354", "P19", "Q28848")]),
        ]),
        ("He studied at Princeton University.", "worthy", ("He", "Q93354"), [
            ("F. Scott Fitzgerald studied at Princeton University.", S, [("Q93354", "P69", "Q21578")]),
        ]),
        ("Fitzgerald died in Hollywood.", "worthy", ("Fitzgerald", "Q93354"), [
            ("F. Scott Fitzgerald died in Hollywood.", S, [("Q93354", "P20", "Q34006")]),
        ]),
        ("The writer is expected to remain popular.", "prediction", ("The writer", "Q93354"), []),
    ]),
    ("dev-24", "bio", [
        ("T. S. Eliot was born in St. Louis.", "worthy", None, [
            ("T. S. Eliot was born in St. Louis.", S, [("Q37767", "P19", "Q38022")]),
        ]),
        ("He studied at Harvard University.", "worthy", ("He", "Q37767"), [
            ("T. S. Eliot studied at Harvard University.", S, [("Q37767", "P69", "Q13371")]),
        ]),
        ("Eliot was a playwright and a critic.", "worthy", ("Eliot", "Q37767"), [
            ("T. S. Eliot was a playwright.", S, [("Q37767", "P106", "Q214917")]),
            ("T. S. Eliot was a critic.", S, [("Q37767", "P106", "Q6430706")]),
        ]),
        ("He died in Kensington.", "worthy", ("He", "Q37767"), [
            ("T. S. Eliot died in Kensington.", S, [("Q37767", "P20", "Q288781")]),
        ]),
    ]),
    ("dev-25", "news", [
        ("Duke Ellington was born in Washington, D.C.", "worthy", None, [
            ("Duke Ellington was born in Washington, D.C.", S, [("Q4030", "P19", "Q61")]),
        ]),
        ("He was a pianist and a bandleader.", "worthy", ("He", "Q4030"), [
            ("Duke Ellington was a pianist.", S, [("Q4030", "P106", "Q486748")]),
            ("Duke Ellington was a bandleader.", S, [("Q4030", "P106", "Q806349")]),
        ]),
        ("Ellington died of lung cancer in New York City.", "worthy", ("Ellington", "Q4030"), [
            ("Duke Ellington died of lung cancer in New York City.", S, [("Q4030", "P509", "Q47912"), ("Q4030", "P20", "Q60")]),
        ]),
        ("He is buried in Woodlawn Cemetery.", "worthy", ("He", "Q4030"), [
            ("Duke Ellington is buried in Woodlawn Cemetery.", S, [("Q4030", "P119", "Q2000666")]),
        ]),
        ("His band was the best in the country.", "opinion", ("His", "Q4030"), []),
    ]),
    ("dev-26", "bio", [
        ("Kurt Vonnegut was born in Indianapolis.", "worthy", None, [
            ("Kurt Vonnegut was born in Indianapolis.", S, [("Q49074", "P19", "Q6346")]),
        ]),
        ("He studied at Cornell University and the University of Chicago.", "worthy", ("He", "Q49074"), [
            ("Kurt Vonnegut studied at Cornell University.", S, [("Q49074", "P69", "Q49115")]),
            ("Kurt Vonnegut studied at the University of Chicago.", S, [("Q49074", "P69", "Q131252")]),
        ]),
        ("Vonnegut died in Chicago.", "worthy", ("Vonnegut", "Q49074"), [
            ("Kurt Vonnegut died in Chicago.", R, [("Q49074", "P20", "Q1297")]),
        ]),
        ("Some say he wrote every day.", "speculation", ("he", "Q49074"), []),
    ]),
    ("dev-27", "news", [
        ("Herman Melville was a member of the Republican Party.", "worthy", None, [
            ("Herman Melville was a member of the Republican Party.", S, [("Q4985", "P102", "Q29468")]),
        ]),
        ("He died in New York City.", "worthy", ("He", "Q4985"), [
            ("Herman Melville died in New York City.", S, [("Q4985", "P20", "Q60")]),
        ]),
        ("Melville was buried in Woodlawn Cemetery.", "worthy", ("Melville", "Q4985"), [
            ("Herman Melville was buried in Woodlawn Cemetery.", S, [("Q4985", "P119", "Q2000666")]),
        ]),
        ("Did he ever see a whale?", "question", ("he", "Q4985"), []),
    ]),
    ("dev-28", "news", [
        ("Joan Crawford was born in San Antonio.", "worthy", None, [
            ("Joan Crawford was born in San Antonio.", S, [("Q40475", "P19", "Q975")]),
        ]),
        ("She worked for Warner Bros.", "worthy", ("She", "Q40475"), [
            ("Joan Crawford worked for Warner Bros.", S, [("Q40475", "P108", "Q126399")]),
        ]),
        ("Crawford died in Los Angeles.", "worthy", ("Crawford", "Q40475"), [
            ("Joan Crawford died in Los Angeles.", R, [("Q40475", "P20", "Q65")]),
        ]),
        ("¶", None, None, []),
        ("Spencer Tracy was born in Milwaukee.", "worthy", None, [
            ("Spencer Tracy was born in Milwaukee.", S, [("Q71275", "P19", "Q37836")]),
        ]),
        ("He was a member of the Democratic Party.", "worthy", ("He", "Q71275"), [
            ("Spencer Tracy was a member of the Democratic Party.", S, [("Q71275", "P102", "Q29552")]),
        ]),
        ("Tracy died in Los Angeles.", "worthy", ("Tracy", "Q71275"), [
            ("Spencer Tracy died in Los Angeles.", S, [("Q71275", "P20", "Q65")]),
        ]),
    ]),
    ("dev-29", "bio", [
        ("Gerald Ford was born in Omaha.", "worthy", None, [
            ("Gerald Ford was born in Omaha.", S, [("Q9582", "P19", "Q43199")]),
        ]),
        ("He was a lawyer and a politician.", "worthy", ("He", "Q9582"), [
            ("Gerald Ford was a lawyer.", S, [("Q9582", "P106", "Q40348")]),
            ("Gerald Ford was a politician.", S, [("Q9582", "P106", "Q82955")]),
        ]),
        ("Ford was a member of the Democratic Party.", "worthy", ("Ford", "Q9582"), [
            ("Gerald Ford was a member of the Democratic Party.", R, [("Q9582", "P102", "Q29552")]),
        ]),
        ("He studied at Yale Law School.", "worthy", ("He", "Q9582"), [
            ("Gerald Ford studied at Yale Law School.", S, [("Q9582", "P69", "Q1143289")]),
        ]),
        ("He became president in 1974.", "not_covered", ("He", "Q9582"), []),
    ]),
    ("dev-30", "news", [
        ("Alan Rickman was born in Hammersmith.", "worthy", None, [
            ("Alan Rickman was born in Hammersmith.", S, [("Q106481", "P19", "Q277162")]),
        ]),
        ("The actor studied at the Royal Academy of Dramatic Art.", "worthy", ("The actor", "Q106481"), [
            ("Alan Rickman studied at the Royal Academy of Dramatic Art.", S, [("Q106481", "P69", "Q523926")]),
        ]),
        ("Rickman died of pancreatic cancer in London.", "worthy", ("Rickman", "Q106481"), [
            ("Alan Rickman died of pancreatic cancer in London.", S, [("Q106481", "P509", "Q212961"), ("Q106481", "P20", "Q84")]),
        ]),
        ("His voice was unforgettable.", "opinion", ("His", "Q106481"), []),
    ]),
    ("dev-31", "news", [
        ("Milton Friedman was born in Brooklyn.", "worthy", None, [
            ("Milton Friedman was born in Brooklyn.", S, [("Q47426", "P19", "Q18419")]),
        ]),
        ("The economist studied at the University of Chicago and Columbia University.", "worthy", ("The economist", "Q47426"), [
            ("Milton Friedman studied at the University of Chicago.", S, [("Q47426", "P69", "Q131252")]),
            ("Milton Friedman studied at Columbia University.", S, [("Q47426", "P69", "Q49088")]),
        ]),
        ("Friedman was a member of the Republican Party.", "worthy", ("Friedman", "Q47426"), [
            ("Milton Friedman was a member of the Republican Party.", S, [("Q47426", "P102", "Q29468")]),
        ]),
        ("He died in Chicago.", "worthy", ("He", "Q47426"), [
            ("Milton Friedman died in Chicago.", R, [("Q47426", "P20", "Q1297")]),
        ]),
        ("According to his critics, he was wrong about inflation.", "quote", ("he", "Q47426"), []),
    ]),
    ("dev-32", "bio", [
        ("Steve Jobs was a musician.", "worthy", None, [
            ("Steve Jobs was a musician.", N, [("Q19837", "P106", "Q639669")]),
        ]),
        ("Mozart studied at the University of Vienna.", "worthy", None, [
            ("Wolfgang Amadeus Mozart studied at the University of Vienna.", N, [("Q254", "P69", "Q165980")]),
        ]),
        ("Einstein worked for Harvard University.", "worthy", None, [
            ("Albert Einstein worked for Harvard University.", N, [("Q937", "P108", "Q13371")]),
        ]),
        ("The sky over Vienna was grey.", "not_covered", None, []),
    ]),
]

if __name__ == "__main__":
    write(DOCS, Path(__file__).resolve().parent / "documents_dev.jsonl")
