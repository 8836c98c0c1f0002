"""Every text the Telegram bot says by itself, in each interface language: the one table (replies of the
agent come from the agent; only their "Sources:" header is from here).

A leaf module: it imports nothing of the bot, so handlers, uploads and formatting all read the same table.
"""

from __future__ import annotations

from typing import Any

from rag_bot.languages import registry

COMMANDS: dict[str, dict[str, str]] = {
    "en": {
        "start": "What this bot does and which documents it knows",
        "help": "How to ask questions",
        "language": "Answer language: /language {codes}",
        "reset": "Start a new conversation",
        "sources": "List the documents I can answer from",
    },
    "hi": {
        "start": "यह बॉट क्या करता है और कौन-से दस्तावेज़ जानता है",
        "help": "प्रश्न कैसे पूछें",
        "language": "उत्तर की भाषा: /language {codes}",
        "reset": "नई बातचीत शुरू करें",
        "sources": "जिन दस्तावेज़ों से मैं उत्तर देता हूँ उनकी सूची",
    },
}

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "intro": "I answer questions only from {corpus} ({languages}), and I cite the document and date for every "
                 "answer. If the documents do not say, I tell you so.",
        "knows": "I know {documents} documents from {first} to {last}, in {languages} ({formats}).",
        "empty": "No documents are indexed yet.",
        "try": "Ask for example: What was said about silence on 1969-01-23?\nCommands: /help /language /reset "
               "/sources",
        "help": "Write your question as a normal message, in one of: {languages}. You can mention a date "
                "(\"on 1969-01-23\", \"in March 1969\") to narrow the search. Follow-up questions use the "
                "conversation so far; /reset starts a new one. /language {codes} sets the answer language. "
                "Use 👍/👎 under an answer to tell us whether it helped. In groups, mention me or reply to me.",
        "language_set": "Answers will be in {name}.",
        "language_usage": "Use /language {codes} (now: {current}).",
        "reset": "Started a new conversation.",
        "sources_head": "Documents I can answer from ({documents}):",
        "thanks": "Thanks for the feedback!",
        "not_admin": "Only administrators can add documents.",
        "bad_type": "I can only ingest {types} files.",
        "too_big": "That file is {size:.1f} MB; the limit is {limit:g} MB.",
        "bad_name": "That file name cannot be used.",
        "ingesting": "Received {name}; adding it to the index…",
        "busy": "Another ingestion is running; please send the file again in a minute.",
        "ingested": "Ingested {name}:\n{summary}",
        "ingest_failed": "Sorry, ingesting {name} failed: {reason}",
        "queue_full": "This chat already has {count} messages waiting for an answer, so I am skipping new ones until "
                      "those are answered; please send yours again then.",
        "member_full": "You already have {count} messages waiting for an answer in this group, so I am skipping your "
                       "new ones until those are answered; please send them again then.",
        "rate_limited": "You sent more than {count} messages in a minute, so I am skipping your new ones for a "
                        "minute; please send them again after that.",
        "sources": "Sources:",
        "sorry": "Sorry, something went wrong while answering. Please try again in a moment.",
    },
    "hi": {
        "intro": "मैं केवल दस्तावेज़ों के इस संग्रह ({languages}) से प्रश्नों के उत्तर देता हूँ और हर उत्तर के साथ "
                 "दस्तावेज़ और तारीख़ का हवाला देता हूँ। यदि दस्तावेज़ों में उत्तर नहीं है, तो मैं यही बताता हूँ।",
        "knows": "मैं {first} से {last} तक के {documents} दस्तावेज़ जानता हूँ, भाषाएँ: {languages} ({formats})।",
        "empty": "अभी कोई दस्तावेज़ अनुक्रमित नहीं है।",
        "try": "उदाहरण: 23 जनवरी 1969 को मौन के बारे में क्या कहा गया?\nआदेश: /help /language /reset /sources",
        "help": "अपना प्रश्न सामान्य संदेश की तरह इनमें से किसी भाषा में लिखें: {languages}। तारीख़ लिखकर खोज सीमित कर "
                "सकते हैं। /reset नई बातचीत शुरू करता है, /language {codes} उत्तर की भाषा चुनता है। उत्तर के नीचे 👍/👎 से "
                "बताएँ कि वह उपयोगी था या नहीं। समूहों में मुझे @ से बुलाएँ या मेरे संदेश का उत्तर दें।",
        "language_set": "अब उत्तर {name} में होंगे।",
        "language_usage": "/language {codes} लिखें (अभी: {current})।",
        "reset": "नई बातचीत शुरू हुई।",
        "sources_head": "जिन दस्तावेज़ों से मैं उत्तर देता हूँ ({documents}):",
        "thanks": "प्रतिक्रिया के लिए धन्यवाद!",
        "not_admin": "केवल प्रशासक दस्तावेज़ जोड़ सकते हैं।",
        "bad_type": "मैं केवल {types} फ़ाइलें जोड़ सकता हूँ।",
        "too_big": "यह फ़ाइल {size:.1f} MB की है; सीमा {limit:g} MB है।",
        "bad_name": "यह फ़ाइल नाम उपयोग नहीं किया जा सकता।",
        "ingesting": "{name} मिली; इसे अनुक्रमणिका में जोड़ रहा हूँ…",
        "busy": "दूसरी अनुक्रमण प्रक्रिया चल रही है; कृपया एक मिनट बाद फ़ाइल फिर भेजें।",
        "ingested": "{name} जोड़ी गई:\n{summary}",
        "ingest_failed": "क्षमा करें, {name} जोड़ना विफल रहा: {reason}",
        "queue_full": "इस चैट में पहले से {count} संदेश उत्तर की प्रतीक्षा में हैं, इसलिए उनके उत्तर आने तक मैं नए "
                      "संदेश छोड़ रहा हूँ; उसके बाद अपना संदेश फिर भेजें।",
        "member_full": "इस समूह में आपके {count} संदेश पहले से उत्तर की प्रतीक्षा में हैं, इसलिए उनके उत्तर आने तक मैं "
                       "आपके नए संदेश छोड़ रहा हूँ; उसके बाद उन्हें फिर भेजें।",
        "rate_limited": "आपने एक मिनट में {count} से अधिक संदेश भेजे, इसलिए एक मिनट तक मैं आपके नए संदेश छोड़ रहा "
                        "हूँ; उसके बाद उन्हें फिर भेजें।",
        "sources": "स्रोत:",
        "sorry": "क्षमा करें, उत्तर देते समय कुछ गड़बड़ हो गई। कृपया थोड़ी देर बाद फिर कोशिश करें।",
    },
}


def _language_values(language: str | None) -> dict[str, str]:
    """``{languages}`` (every registered language, named in ``language``) and ``{codes}`` (``en|hi``)."""
    reg = registry()
    ui = language or reg.default.code
    return {"languages": ", ".join(reg.name_in(code, ui) for code in reg.codes), "codes": "|".join(reg.codes)}


def t(language: str | None, key: str, **values: Any) -> str:
    """The interface text ``key`` in ``language`` (English when that language lacks it), formatted with ``values``."""
    table = TEXT.get(language or "en", TEXT["en"])
    return (table.get(key) or TEXT["en"][key]).format(**{**_language_values(language), **values})
