"""Rules (dates, language, routes) and the extractive model's contract."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from rag_bot.agent import inputs, prompts, rules
from rag_bot.agent.citations import clean_citations
from rag_bot.agent.extractive import ExtractiveChatModel
from rag_bot.agent.nodes.router import parse_route
from rag_bot.retrieval.tool import make_retrieve_context
from tests.agent_support import InMemoryRetriever, make_settings, parse_answer_prompt


@pytest.mark.parametrize("text", [
    "What was said on 1969-01-23?", "the talk of 23 January 1969", "the talk of January 23, 1969",
    "23rd Jan 1969", "२३ जनवरी १९६९ को क्या कहा गया?", "23 जनवरी 1969",
    # the day in words
    "the talk of the twenty-third of January 1969", "January the twenty-third, 1969", "तेईस जनवरी 1969 की वार्ता",
    "जनवरी १९६९ की तेईस तारीख़ को क्या कहा गया?", "जनवरी 1969 की 23 तारीख की वार्ता",
    "जनवरी १९६९ की तेईसवीं तारीख़ की वार्ता", "तेईसवीं जनवरी 1969 को",  # a Hindi ordinal day
])
def test_exact_dates(text):
    assert rules.parse_dates(text).date == "1969-01-23"


def test_a_hindi_ordinal_day_is_a_day_only_beside_its_month():
    assert rules.parse_dates("जून २०१४ की पहली तारीख़ को हुई वार्ता").date == "2014-06-01"
    assert rules.parse_dates("मार्च 2015 की आठवीं तारीख़").date == "2015-03-08"
    assert rules.parse_dates("पहली बार जून 2014 में").date is None  # "the first time, in June 2014"


def test_a_day_in_words_needs_its_month_and_year():
    assert rules.parse_dates("the twenty-third talk of 1969").date is None
    assert rules.parse_dates("तीस फ़रवरी 2015 की वार्ता").date is None  # no such day
    assert rules.parse_dates("2015 में चार तारीख़ को").date is None


def test_ranges_and_no_dates():
    assert rules.parse_dates("talks in 1969").date_from == "1969-01-01"
    q = rules.parse_dates("between 1 Jan 1969 and 5 Feb 1970")
    assert (q.date_from, q.date_to) == ("1969-01-01", "1970-02-05")
    assert (rules.parse_dates("in March 1970").date_to) == "1970-03-31"
    assert rules.parse_dates("What is silence?").is_empty()
    assert rules.parse_dates("31 February 1969").is_empty() or rules.parse_dates("31 February 1969").date is None


def test_language_detection_and_filters():
    assert rules.detect_language("मौन क्या है?") == "hi"
    assert rules.detect_language("What is silence?") == "en"
    assert rules.detect_language("123") is None
    assert rules.tool_arguments("What did he say in the Hindi talks about silence?")["language"] == "hi"
    assert "language" not in rules.tool_arguments("मौन क्या है?")  # script = answer language, not a filter
    args = rules.tool_arguments("Give me the whole talk of 1969-01-23")
    assert args["whole_document"] is True and args["date_filter"] == "1969-01-23"


@pytest.mark.parametrize("text, route", [
    ("hi", "conversational"), ("Hello!", "conversational"), ("नमस्ते", "conversational"),
    ("thanks a lot", "conversational"), ("धन्यवाद", "conversational"), ("What did I ask before?", "conversational"),
    ("summarise our chat", "conversational"), ("मैंने पहले क्या पूछा?", "conversational"),
    ("hi, what did he say about silence?", "rag"), ("What is fear?", "rag"), ("and what about the drama?", "rag"),
])
def test_routes(text, route):
    assert rules.classify_route(text) == route


def test_parse_route_defaults_to_rag():
    assert parse_route("conversational") == "conversational"
    assert parse_route(" Conversational. ") == "conversational"
    for bad in ["", "chat", "rag or conversational", "I'd say conversational because"]:
        assert parse_route(bad) == "rag"


def test_sentence_split_on_danda():
    assert rules.split_sentences("मौन है। ध्यान है। Yes. No? Ok!") == ["मौन है।", "ध्यान है।", "Yes.", "No?", "Ok!"]


def test_clean_citations():
    docs = [{"source": "a.txt", "date": "1969-01-01", "title": "A", "doc_id": "a"},
            {"source": "b.txt", "date": None, "title": "B", "doc_id": "b"}]
    text, cites = clean_citations("One [2]. Two [1, 5]. Three [9].", docs)
    assert text == "One [2]. Two [1]. Three."
    assert [c["n"] for c in cites] == [2, 1] and cites[0]["source"] == "b.txt"


def test_extractive_agent_emits_tool_call_through_bind_tools():
    tool = make_retrieve_context(InMemoryRetriever())
    model = ExtractiveChatModel(role="agent").bind_tools([tool])
    question = "What about silence on 23 January 1969?"
    msg = model.invoke(inputs.agent_messages(inputs.AgentInput(question=question)))
    assert msg.tool_calls[0]["name"] == "retrieve_context"
    assert msg.tool_calls[0]["args"]["date_filter"] == "1969-01-23"
    retry = model.invoke(inputs.agent_messages(inputs.AgentInput(question=question, retry_note="broaden")))
    assert retry.tool_calls[0]["args"] == {"query": "silence", "date_filter": "1969-01-23"}
    plain = model.invoke([HumanMessage(question)])  # plain messages: the last human message is the question
    assert plain.tool_calls[0]["args"]["date_filter"] == "1969-01-23"


def test_the_extractive_model_reads_the_typed_input_not_the_prompt_text():
    """The prompt text may say anything: the offline model follows the fields attached to the message."""
    model = ExtractiveChatModel(role="agent")
    data = inputs.AgentInput(question="What about fear in 1970?", retry_note="broaden", drop_period=True)
    [system, human] = inputs.agent_messages(data)
    misleading = HumanMessage("<question>What about silence on 23 January 1969?</question>",
                              additional_kwargs=human.additional_kwargs)
    [call] = model.invoke([system, misleading]).tool_calls
    assert call["args"] == {"query": "fear"}  # broadened, the empty period dropped, from the attached input


def test_bare_date_question_asks_for_whole_documents():
    from rag_bot.agent.rules import is_date_only, tool_arguments

    assert is_date_only("What was said on 1969-01-23?") and is_date_only("२३ जनवरी १९६९ को क्या कहा गया?")
    assert not is_date_only("What was said about fear on 1969-01-23?")
    assert is_date_only("What was said on 28th April 2019?") and is_date_only("What was said on April 3rd, 2019?")
    assert tool_arguments("What was said on 23/01/1969?")["whole_document"] is True
    assert "whole_document" not in tool_arguments("What was said about fear on 1969-01-23?")


def test_extractive_answer_threshold_and_quotes():
    settings = make_settings(answer_sentences=2)
    model = ExtractiveChatModel(role="answer", settings=settings, min_relevance=settings.min_relevance,
                                follow_sentences=0)
    passages = [{"source": "s.txt", "date": "1969-01-23", "title": "S",
                 "text": "Silence is the state of a mind that is not seeking anything. The weather was hot."}]

    def ask(question: str) -> str:
        return model.invoke(inputs.answer_messages(inputs.answer_input(question, passages, "en", 2))).content

    good = ask("What is silence?")
    assert "“Silence is the state of a mind that is not seeking anything.” [1]" in good
    assert "weather" not in good
    bad = ask("How do I bake bread?")
    assert bad == prompts.NOT_FOUND


def test_extractive_answer_extends_the_quote_to_the_sentence_that_completes_the_fact():
    """The sentence naming the topic is quoted with the ones after it up to the one holding the kind of fact the
    question asks for (a number for "how long"), then the sentences of its paragraph after the fact, within
    ``answer_sentences``, as one quote; a budget too small for both quotes the fact's sentence, never the topic
    without the answer."""
    passages = [
        {"source": "chair.txt", "date": "1969-04-19", "title": "Work",
         "text": "In Jaipur I once watched a carpenter named Yusuf make a single chair. It took him thirty days. "
                 "He used only sheesham wood from his village. The market was noisy that year."},
        {"source": "river.txt", "date": "1969-08-15", "title": "River",
         "text": "The river floods every monsoon and the boats stay ashore. The fishermen mend their nets."},
    ]

    def ask(question: str, answer_sentences: int, follow_sentences: int = 2) -> str:
        model = ExtractiveChatModel(role="answer", settings=make_settings(), min_relevance=0.80,
                                    follow_sentences=follow_sentences)
        data = inputs.answer_input(question, passages, "en", answer_sentences)
        return model.invoke(inputs.answer_messages(data)).content

    how_long = "How long did the carpenter Yusuf take to make one chair?"
    window = ask(how_long, answer_sentences=3)
    assert ("- “In Jaipur I once watched a carpenter named Yusuf make a single chair. It took him thirty days. "
            "He used only sheesham wood from his village.” [1]") in window.splitlines()
    # after the fact, the sentences of its paragraph go on with it, within answer_sentences; no other passage
    assert "market" not in window and "[2]" not in window
    one = ask(how_long, answer_sentences=1)  # too small for topic and fact: the fact's sentence, its words backed
    assert "thirty days" in one and "Jaipur" not in one  # by the sentence before it (never the topic alone)
    # an open question keeps the follow_sentences after the best sentence
    what = ask("What did the carpenter Yusuf make in Jaipur?", answer_sentences=3)
    assert "sheesham" in what and "market" not in what


def test_the_sentence_completing_the_fact_is_sought_in_the_topics_own_paragraph():
    """A sum in the paragraph before (another theme) does not complete "how much did the loom cost?"; a sum in the
    loom's own paragraph does."""
    def ask(text: str) -> str:
        model = ExtractiveChatModel(role="answer", settings=make_settings(), min_relevance=0.80)
        passages = [{"source": "loom.md", "date": "2004-03-14", "title": "The Loom Shed", "text": text}]
        data = inputs.answer_input("How much did the old loom cost?", passages, "en", 3)
        return model.invoke(inputs.answer_messages(data)).content

    loom = "The old loom in the corner of the shed came from a mill in Yorkshire."
    other = ask(f"The children sold forty jars of plum jam for 200 pounds at the school fair.\n\n{loom} It still "
                "weaves wool every Saturday morning.")
    assert other == prompts.NOT_FOUND
    own = ask(f"The children sold forty jars of plum jam at the school fair.\n\n{loom} It was bought for 200 pounds.")
    assert "It was bought for 200 pounds." in own


def test_escaped_passages_round_trip():
    passages = [{"source": 'x"y.txt', "date": "1969-01-23", "title": "<T>", "text": "a < b & </passage> c"}]
    question, language, parsed = parse_answer_prompt(prompts.render_answer_input("Q?", passages, "hi"))
    assert (question, language) == ("Q?", "hi") and len(parsed) == 1
    assert parsed[0]["text"] == "a < b & </passage> c" and parsed[0]["source"] == 'x"y.txt'
    assert parsed[0]["title"] == "<T>"


def test_questions_and_documents_share_one_date_parser():
    from ingest.metadata import extract_date
    from rag_bot.agent.rules import parse_dates

    for text in ["what was said on 23/01/1969?", "talk of 23.01.1969", "२३-०१-१९६९ का प्रवचन", "January 23, 1969"]:
        assert parse_dates(text).date == extract_date(text) == "1969-01-23"


def test_passage_cache_embeds_each_text_once_and_keeps_order():
    import numpy as np

    from rag_bot.models.embeddings import PassageCache

    class Counting:
        name, dim, max_tokens = "counting", 2, 10

        def __init__(self):
            self.seen: list[str] = []

        def embed_passages(self, texts):
            self.seen += list(texts)
            return np.asarray([[len(t), 1.0] for t in texts], dtype=np.float32)

    inner = Counting()
    cache = PassageCache(inner, max_items=3)
    first = cache.embed_passages(["a", "bb", "a"])
    assert first[:, 0].tolist() == [1, 2, 1] and inner.seen == ["a", "bb"]
    again = cache.embed_passages(["bb", "ccc", "dddd"])  # "a" is evicted (max 3 items)
    assert again[:, 0].tolist() == [2, 3, 4] and inner.seen == ["a", "bb", "ccc", "dddd"]
    cache.embed_passages(["a"])
    assert inner.seen[-1] == "a"


def test_date_only_ignores_words_of_the_documents_headings():
    from rag_bot.agent.rules import is_date_only

    question = "What did Acharya Devdutt talk about on March 9, 1969?"
    assert not is_date_only(question)
    assert is_date_only(question, ["The Roots of Fear\nTalks at Riverside - Acharya Devdutt - March 9, 1969"])
    assert not is_date_only("What did Acharya Devdutt say about anger on March 9, 1969?",
                            ["The Roots of Fear\nTalks at Riverside - Acharya Devdutt - March 9, 1969"])
    assert is_date_only("Summarise the talk given on 2 November 1969.")
    assert is_date_only("१० जनवरी १९७० को किस विषय पर बात हुई?")


def test_words_naming_the_talk_itself_are_no_topic_of_a_date_question():
    from rag_bot.agent.rules import is_date_only

    assert is_date_only("Give me a summary of the talk dated 16/01/2022.")  # "dated" named no document topic
    assert is_date_only("What did the lecture delivered on 3 May 2001 cover?")
    assert is_date_only("१४ अगस्त २०१६ को दी गई वार्ता का सार क्या है?")  # "दी", "वार्ता": the talk, no topic
    assert not is_date_only("What did the talk dated 16/01/2022 say about the roti machine?")
    assert not is_date_only("१४ अगस्त २०१६ की वार्ता में बाढ़ के बारे में क्या कहा गया?")


def test_a_year_no_document_is_dated_in_is_dropped_on_the_retry_but_an_exact_date_never():
    from rag_bot.agent.rules import search_arguments

    flood = "How high did the flood of 1961 rise?"
    assert search_arguments(flood, broaden=True)["date_from"] == "1961-01-01"  # kept by default
    dropped = search_arguments(flood, broaden=True, drop_period=True)
    assert "date_from" not in dropped and "date_to" not in dropped and "flood" in dropped["query"]
    exact = search_arguments("What was said on 2 April 1969?", broaden=True, drop_period=True)
    assert exact["date_filter"] == "1969-04-02"


def test_documents_are_collected_from_the_artifact_and_from_the_bare_list_of_older_threads():
    from langchain_core.messages import ToolMessage

    from rag_bot.agent.nodes.process_tool_output import collect_documents
    from tests.agent_support import CORPUS

    first, second = CORPUS[0].to_dict(), CORPUS[1].to_dict()
    now = ToolMessage("Retrieved 1 passages", tool_call_id="a", artifact={"passages": [first], "period_is_empty": False})
    older = ToolMessage("Retrieved 1 passages", tool_call_id="b", artifact=[second])  # before ToolArtifact
    docs = collect_documents([now, older])
    assert [(d["doc_id"], d["retrieved_by"], d["n"]) for d in docs] == [("silence_talk", ["a"], 1),
                                                                         ("drama_talk", ["b"], 2)]


def test_each_agent_reads_the_corpus_terms_of_its_own_settings():
    """Two agents built in one process from settings with other corpus terms (two indexes served by one process)
    each read their own, whichever was built last, and neither changes the rules' process default (an agent built
    by one test once left its terms to every later test on that worker)."""
    from rag_bot.agent.graph import build_graph

    question = "What do the Hindi memos say about rain?"
    assert rules.document_language(question) is None and "memos" in rules.content_words(question)
    memo_search, talk_search = InMemoryRetriever(), InMemoryRetriever()
    memos = build_graph(make_settings(corpus_terms=["memo", "memos"]), retriever=memo_search)
    talks = build_graph(make_settings(), retriever=talk_search)
    memos.invoke({"messages": [HumanMessage(question)]}, {"configurable": {"thread_id": "memos"}})
    talks.invoke({"messages": [HumanMessage(question)]}, {"configurable": {"thread_id": "talks"}})
    assert memo_search.calls[0][1].language == "hi"  # the first search (a retry broadens it)
    assert talk_search.calls[0][1].language is None
    assert rules.document_language(question) is None and "memos" in rules.content_words(question)


def test_how_people_ask_for_a_whole_dated_talk_even_when_its_words_are_in_the_talk():
    from rag_bot.agent.rules import is_date_only

    body = ["From the start we wanted everything written down: who took part, how the finish of the wall was done, "
            "what it cost. It wasn't easy. जो भी आया, उसकी बात सुनी गई और उसके सुझाव लिखे गए। काम शुरू हुआ और आख़िर में "
            "दीवार बनी। चार लोग रोज़ आते थे; अगली तारीख़ तय हुई।"]
    for question in ["What was the talk on 22 March 2009 about, from start to finish?",
                     "Give me a rundown of everything in the March 22, 2009 talk",
                     "I wasn't there on 22 March 2009. Can you walk me through that talk?",
                     "22 मार्च 2009 को जो वार्ता हुई, उसकी मुख्य बातें समझाइए",
                     "22 मार्च 2009 की वार्ता शुरू से आख़िर तक बताइए",
                     "मार्च 2009 की चार तारीख़ की वार्ता का सार दीजिए"]:  # the day in words is the date's
        assert is_date_only(question, ["talk"], body), question
    assert not is_date_only("What did the talk on 22 March 2009 say about the wall?", ["talk"], body)


def test_a_question_naming_the_talk_and_asking_no_fact_or_topic_of_it_asks_for_all_of_it():
    from rag_bot.agent.rules import is_date_only

    body = ["The full story of the fire was told by the warden, who woke everyone; the story ends at the back door. "
            "आग की पूरी कहानी वार्डन ने सुनाई, जिसने सबको जगाया।"]
    for question in ["Give me the full story of the November 20, 2016 talk",
                     "Could you tell me the full story of the 20 November 2016 talk?",  # a request, not a yes/no
                     "20 नवंबर 2016 की वार्ता की पूरी कहानी सुनाइए"]:
        assert is_date_only(question, ["talk"], body), question
    for question in ["Who woke everyone, in the talk of 20 November 2016?",  # asks for a kind of fact
                     "What did the 20 November 2016 talk tell about the back door?",  # a topic of the talk
                     "20 नवंबर 2016 की वार्ता में आग के बारे में क्या कहानी थी?",
                     "What story did the warden tell on 20 November 2016?"]:  # names no talk
        assert not is_date_only(question, ["talk"], body), question


def test_a_fact_asked_of_a_day_no_document_is_dated_searches_every_document_on_the_retry():
    from rag_bot.agent.rules import search_arguments

    fact = "Who was found dead under the parcel office shed on 2 January 2009?"
    assert search_arguments(fact, broaden=True)["date_filter"] == "2009-01-02"  # first, the talks of that day
    retry = search_arguments(fact, broaden=True, drop_period=True)
    assert "date_filter" not in retry and "shed" in retry["query"]
    for whole in ["Summarise the talk of 2 January 2009.", "Give me the full story of the January 2, 2009 talk"]:
        assert search_arguments(whole, broaden=True, drop_period=True)["date_filter"] == "2009-01-02", whole


def test_a_text_names_a_day_with_or_without_its_year():
    from rag_bot.dates import mentions_day

    assert mentions_day("On the morning of 2 January 2009, a porter was found", "2009-01-02")
    assert mentions_day("on the coldest night, 11 January, 171 people slept", "2009-01-11")
    assert mentions_day("जनवरी की ग्यारह तारीख़ को सबसे ठंडी रात थी", "2009-01-11")
    assert mentions_day("११ जनवरी की रात", "2009-01-11")
    assert not mentions_day("on the coldest night, 11 January, 171 people slept", "2009-01-12")
    assert not mentions_day("on 11 March the room opened", "2009-01-11")  # the day of another month
    assert not mentions_day("In the spring of 2009 we planted twelve trees", "2009-04-05")
    assert not mentions_day("The mayor came on the 2nd", "2009-05-02")  # "may" inside a word is no month


@pytest.mark.cpu_growth
def test_a_dated_question_full_of_topic_markers_is_read_in_linear_time():
    # the worst question for the whole-talk rule: a talk named, no kind of fact, a topic marker every few words
    # with only words naming no topic beside it (each marker is read, none ends the reading)
    from rag_bot.agent.rules import is_date_only
    from tests.cpu_cost import cpu_growth

    def question(n: int) -> str:  # "full story": words of the talk, so only the document rule can answer
        return "Give me the full story of the 2 January 2009 talk " + "about the talk, " * n

    body = ["The full story of the talk."]
    small, large = question(4000), question(8000)
    assert is_date_only(small, ["talk"], body)  # every marker is read and the whole talk is asked for
    ratio = cpu_growth(lambda: is_date_only(small, ["talk"], body), lambda: is_date_only(large, ["talk"], body))
    assert ratio <= 2.6, ratio


@pytest.mark.cpu_growth
def test_dates_with_the_day_in_words_are_found_in_linear_time():
    # the worst document for the day-in-words patterns: month names and day words everywhere, few of them dates
    from rag_bot.dates import find_dates
    from tests.cpu_cost import cpu_growth

    unit = "the twenty-seventh of October, चौदह जून की चार तारीख़ March the fourth May 2015 की तीस "

    def text(n: int) -> str:
        return unit * n

    small, large = text(3000), text(6000)
    assert len(find_dates(small)) >= 3000  # "May 2015 की तीस" ... is read: the work is done
    ratio = cpu_growth(lambda: find_dates(small), lambda: find_dates(large))
    assert ratio <= 2.6, ratio
