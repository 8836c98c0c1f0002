"""The asked kind of fact must stand in a quoted sentence on the question's topic (answerability.evidence_on_topic)."""

from __future__ import annotations

from rag_bot.agent import answerability, inputs, prompts, rules
from rag_bot.agent.extractive import ExtractiveChatModel
from tests.unit.test_agent_rules import make_settings

TOWER = ("A swarm of wasps settled in the clock tower of St Wendel's church. The sexton, Harold Pim, heard the noise "
         "during evensong. The roofer Dilys Crane climbed the long ladder with a sack and a rope.")
WHERE = "Where did Dilys Crane learn roofing?"


def test_a_name_beside_the_asked_subject_is_no_answer():
    # the place names stand in sentences without a key term (dilys, crane, learn, roofing); the sentence on the
    # subject names no place
    runs = [rules.split_sentences(TOWER)]
    assert answerability.has_evidence("place", TOWER, WHERE)  # the whole quote holds names ...
    assert not answerability.evidence_on_topic("place", runs, WHERE)  # ... none where the topic is
    assert not answerability.assess(WHERE, TOWER, runs=runs).evidence
    assert answerability.assess(WHERE, TOWER).evidence  # without the runs: the whole-quote check only


def test_the_fact_in_the_sentence_on_the_topic_or_the_one_going_on_from_it_counts():
    question = "Who mended the clock tower's bell?"
    topic, after = "The clock tower's bell cracked in the frost.", "Wilfred Oaks fixed it over three weekends."
    assert answerability.evidence_on_topic("person", [["The bell was mended by Wilfred Oaks."]], question)
    assert answerability.evidence_on_topic("person", [[topic, after]], question)  # goes on from the topic
    assert not answerability.evidence_on_topic("person", [[after, topic]], question)  # before it: about something else
    assert not answerability.evidence_on_topic("person", [[topic], [after]], question)  # another run
    # a run starting after the topic: its lead (the unquoted sentence before it in its paragraph) is the topic
    assert answerability.evidence_on_topic("person", [[after]], question, leads=[topic])
    assert not answerability.evidence_on_topic("person", [[after]], question, leads=[""])


def test_a_season_in_a_sentence_on_another_matter_is_no_date():
    question = "लता जोशी की दुकान कब खुली?"  # when did Lata Joshi's shop open?
    off = "हर छत्ते को सर्दी के लिए दो किलो चीनी दी जाती है।"  # winter, in a sentence on hives
    on = "यह चीनी लता जोशी अपनी दुकान से देती हैं।"  # on the topic, no date
    assert answerability.has_evidence("date", f"{off} {on}", question)
    assert not answerability.evidence_on_topic("date", [[off, on]], question)
    assert answerability.evidence_on_topic("date", [["लता जोशी की दुकान सन २०१२ में खुली।"]], question)


def test_another_scripts_sentence_is_not_checked_by_its_letters_and_untyped_questions_pass():
    assert answerability.evidence_on_topic("person", [["समिति की स्थापना विनीता राव ने की।"]],
                                           "Who founded the committee?")
    assert answerability.evidence_on_topic(None, [["Nothing here."]], "What did she say about rain?")


def ask(question: str) -> str:
    model = ExtractiveChatModel(role="answer", settings=make_settings(), min_relevance=0.80)
    passages = [{"source": "tower.md", "date": "2020-06-14", "title": "The Swarm", "text": TOWER}]
    return str(model.invoke(inputs.answer_messages(inputs.answer_input(question, passages, "en", 3))).content)


def test_the_answerer_refuses_a_quote_whose_fact_is_off_the_topic_and_quotes_one_on_it():
    assert ask(WHERE) == prompts.NOT_FOUND
    assert "Dilys Crane" in ask("Who climbed the long ladder with a sack?")


def test_an_institution_asked_by_which_is_a_place_whose_name_must_be_quoted():
    for question in ("Which college did Mira Dunn attend?", "मीरा दास किस कॉलेज में पढ़ती हैं?"):
        assert answerability.answer_type(question) == "place"
    assert answerability.answer_type("Which flowers came back?") is None  # a common noun answers it
    # the quote names its student but no college: refused; one naming it: quoted
    question = "मीरा दास किस कॉलेज में पढ़ती हैं?"
    assert not answerability.has_evidence("place", "नया पोस्टर छात्रा मीरा दास ने बनाया।", question)
    assert answerability.has_evidence("place", "मीरा दास पढ़ने रामपुर में रहती हैं।", question)


def test_the_topic_inside_a_how_much_phrase_counts():
    question = "How much did the new slate roof cost?"  # the money pattern spans the whole question
    assert answerability.key_terms(question) == []
    assert {"slate", "roof"} <= set(answerability.topic_terms(question))
    assert not {"how", "much", "cost"} & set(answerability.topic_terms(question))
    other = [["The carpenter rebuilt the shutter, and the repair cost 2,100 pounds.",
              "The slate roof has turned green with age."]]
    assert not answerability.evidence_on_topic("money", other, question)  # a sum, for the shutter
    assert answerability.evidence_on_topic("money", [["The new slate roof cost 9,000 pounds."]], question)
    assert "कितना" not in answerability.topic_terms("शहद मेले से कितना पैसा जुटा?")  # "कितन[ाीे]" spells it


def test_a_name_marked_elsewhere_in_the_quote_counts_where_it_stands_on_the_topic():
    question = "चरखे की कक्षा कौन चलाती हैं?"  # who runs the spinning-wheel class?
    topic = "कक्षा मीना राव चलाती हैं, जो बचपन में सीखी थीं।"  # the name, unmarked, in the topic sentence
    marked = "मीना जी कहती हैं कि पहले पहिया घुमाना सीखना चाहिए।"  # "जी" marks it, off the topic
    assert not answerability.evidence_on_topic("person", [[topic]], question)
    assert answerability.evidence_on_topic("person", [[topic], [marked]], question)
    other = "नया पोस्टर छात्रा रीता सेन ने बनाया।"  # a name marked, but not the topic sentence's
    assert not answerability.evidence_on_topic("person", [[topic], [other]], question)
