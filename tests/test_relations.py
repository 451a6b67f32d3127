import json

import numpy as np
import pytest

import kgraph
from kgraph.cache import MentionCache
from kgraph.evaluate import relation_scores
from kgraph.extract import Mention
from kgraph.graph import build_graph
from kgraph.read import Paper
from kgraph.relation_edges import add_relations, relations_of
from kgraph.relations import RELATION_TYPES, Relation, has_relation_model
from kgraph.scierc import GoldDoc, read_scierc

needs_model = pytest.mark.skipif(not has_relation_model(), reason="no relation classifier in kgraph/model")


def m(text, source, kind="method", **kw):
    start = source.index(text)
    return Mention(text, start, start + len(text), kind, **kw)


@needs_model
def test_extract_relations_on_running_text():
    text = ("We propose a graph neural network for molecule property prediction. "
            "It is evaluated on the QM9 benchmark with mean absolute error.")
    rels = kgraph.extract_relations(text)
    assert rels, "no relation found in a text that states several"
    for r in rels:
        assert r.type in RELATION_TYPES
        assert 0.0 < r.confidence <= 1.0
        for arg in (r.head, r.tail):
            assert text[arg.start_char:arg.end_char] == arg.text
            assert arg.kind in kgraph.KINDS
            assert arg.text in r.evidence
        assert r.evidence in text
    assert any(r.type == "used_for" and "graph neural network" in r.head.text for r in rels)


@needs_model
def test_generic_arguments_only_when_asked():
    text = "Our approach is used for machine translation. It outperforms phrase-based systems."
    plain = kgraph.extract_relations(text)
    assert all("generic" not in (r.head.kind, r.tail.kind) for r in plain)
    wide = kgraph.extract_relations(text, generic=True)
    assert {str(r) for r in plain} <= {str(r) for r in wide}


@needs_model
def test_tagger_logits_do_not_change_with_states():
    from kgraph.extract import tokenizer_pipeline
    from kgraph.tagger import OnnxTagger

    doc = tokenizer_pipeline()("Convolutional networks classify images. Transformers translate text.")
    tagger = OnnxTagger()
    states = []
    with_states = tagger.token_logprobs([doc], states)
    without = tagger.token_logprobs([doc])
    assert np.array_equal(with_states[0], without[0])
    assert states[0].shape[0] == len(doc) and states[0].shape[1] > 0


def _two_papers():
    a = "Recurrent neural networks are used for machine translation. They handle long inputs."
    b = "We apply recurrent neural networks to machine translation. BLEU evaluates machine translation."
    papers = [Paper(a), Paper(b)]
    mentions = [
        [m("Recurrent neural networks", a), m("machine translation", a, "task")],
        [m("recurrent neural networks", b), m("machine translation", b, "task"), m("BLEU", b, "metric")],
    ]
    s_a = "Recurrent neural networks are used for machine translation."
    s_b = "We apply recurrent neural networks to machine translation."
    relations = [
        [Relation(mentions[0][0], mentions[0][1], "used_for", 0.9, s_a)],
        [Relation(mentions[1][0], mentions[1][1], "used_for", 0.8, s_b),
         Relation(mentions[1][2], mentions[1][1], "evaluate_for", 0.7, "BLEU evaluates machine translation."),
         # an argument that is no concept of the graph leaves the relation out
         Relation(Mention("inputs", 0, 6, "generic"), mentions[1][1], "used_for", 0.9, s_b)],
    ]
    return papers, mentions, relations


def test_relation_edges_count_papers_and_keep_one_edge_per_pair():
    papers, mentions, relations = _two_papers()
    G = build_graph(papers, mentions, relations=relations, min_cooccurrence=2, min_npmi=-1.0)
    concepts = {G.nodes[n]["label"].lower(): n for n in G if G.nodes[n]["kind"] != "paper"}
    tr, mt = concepts["recurrent neural networks"], concepts["machine translation"]
    edge = G.edges[tr, mt]
    assert edge["kind"] == "relation" and edge["relation"] == "used_for"
    assert (edge["head"], edge["tail"]) == (tr, mt)
    assert edge["weight"] == 2
    assert "npmi" in edge and edge["cooccurrence"] == 2  # the co-occurrence fact stays on the edge
    evidence = json.loads(edge["evidence"])
    assert {e["paper"] for e in evidence} == {p.id for p in papers}
    assert edge["evidence_papers"] == "|".join(sorted(p.id for p in papers))
    rels = relations_of(G, mt)
    assert [r["text"] for r in rels] == [
        f"{G.nodes[tr]['label']} --used_for--> machine translation (2 papers)",
        "BLEU --evaluate_for--> machine translation (1 paper)",
    ]
    assert [r["relation"] for r in relations_of(G, mt, "evaluate_for")] == ["evaluate_for"]
    assert sum(1 for *_, k in G.edges(data="kind") if k == "relation") == 2


def test_hyponym_relations_carry_the_hierarchy():
    texts = ["Adam is a form of stochastic gradient descent.", "Adam and stochastic gradient descent differ."]
    papers = [Paper(t) for t in texts]
    ms = [[m("Adam", t), m("stochastic gradient descent", t)] for t in texts]
    rels = [[Relation(ms[0][0], ms[0][1], "hyponym_of", 0.9, texts[0])], []]
    G = build_graph(papers, ms, relations=rels)
    (u, v, d), = [(u, v, d) for u, v, d in G.edges(data=True) if d["kind"] == "relation"]
    assert d["narrower"] == d["head"] and d["broader"] == d["tail"]
    assert G.nodes[d["broader"]]["label"] == "stochastic gradient descent"
    assert d["weight"] == 1 and d["sense"] == "kind"


def test_a_hyponym_of_another_kind_is_within_it():
    # "speech recognition benchmarks such as CHiME-6": a data set is no kind of a task, as the hierarchy says
    texts = ["We evaluate on speech recognition benchmarks such as CHiME-6.", "CHiME-6 is hard for speech recognition."]
    papers = [Paper(t) for t in texts]
    ms = [[m("speech recognition", t, kind="task"), m("CHiME-6", t, kind="dataset")] for t in texts]
    rels = [[Relation(ms[0][1], ms[0][0], "hyponym_of", 0.9, texts[0])], []]
    G = build_graph(papers, ms, relations=rels)
    (u, v, d), = [(u, v, d) for u, v, d in G.edges(data=True) if d["kind"] == "relation"]
    assert G.nodes[d["narrower"]]["label"] == "CHiME-6" and d["sense"] == "within"


def test_a_language_is_no_kind_of_a_model_though_a_hyponym_says_so():
    # "two different language modeling tasks (Arabic and Turkish)": Arabic "hyponym_of" language models put a
    # language under language models; the statement stays a relation, outside the hierarchy
    texts = ["We select models on two language modeling tasks (Arabic and Turkish).",
             "Language models of Arabic are compared with n-gram models."]
    papers = [Paper(t) for t in texts]
    ms = [[m("language modeling tasks", texts[0]), m("Arabic", texts[0])],
          [m("Language models", texts[1]), m("Arabic", texts[1])]]
    rels = [[Relation(ms[0][1], ms[0][0], "hyponym_of", 0.9, texts[0])], []]
    G = build_graph(papers, ms, relations=rels)
    (u, v, d), = [(u, v, d) for u, v, d in G.edges(data=True) if d["kind"] == "relation"]
    assert d["relation"] == "hyponym_of" and "narrower" not in d and "broader" not in d


def test_hyponym_read_backwards_follows_the_hierarchy():
    # the thesaurus puts variational autoencoders under generative models; a classifier that reads the sentence
    # the other way round ("generative models are a kind of VAEs") is read in the hierarchy's direction
    texts = ["Variational autoencoders are generative models that learn latent codes.",
             "We compare variational autoencoders with other generative models on molecules."]
    papers = [Paper(t) for t in texts]
    ms = [[m("Variational autoencoders", texts[0]), m("generative models", texts[0])],
          [m("variational autoencoders", texts[1]), m("generative models", texts[1])]]
    rels = [[Relation(ms[0][1], ms[0][0], "hyponym_of", 0.8, texts[0])],
            [Relation(ms[1][0], ms[1][1], "hyponym_of", 0.6, texts[1])]]
    G = build_graph(papers, ms, relations=rels)
    (u, v, d), = [(u, v, d) for u, v, d in G.edges(data=True) if d["kind"] == "relation"]
    label = lambda n: G.nodes[n]["label"]  # noqa: E731
    assert (label(d["head"]), label(d["tail"])) == ("variational autoencoders", "generative models")
    assert (d["narrower"], d["broader"]) == (d["head"], d["tail"])
    assert d["weight"] == 2  # the two statements are one fact, not two readings that split the vote
    assert {e["head"] for e in json.loads(d["evidence"])} == {d["head"]}
    assert relations_of(G, d["tail"])[0]["text"] == (
        "variational autoencoders --hyponym_of--> generative models (2 papers)")


def test_add_relations_checks_lengths():
    papers, mentions, relations = _two_papers()
    G = build_graph(papers, mentions)
    with pytest.raises(ValueError, match="2 papers but 1 relation lists"):
        add_relations(G, papers, relations[:1])


def test_query_relations_rejects_unknown_type(corpus_kg):
    concept = next(n for n, kind in corpus_kg.graph.nodes(data="kind") if kind != "paper")
    with pytest.raises(ValueError, match="'uses'"):
        corpus_kg.relations(concept, type="uses")


def test_cache_round_trips_relations(tmp_path):
    papers, mentions, relations = _two_papers()
    with MentionCache(tmp_path / "c.sqlite", version="v+rel") as cache:
        cache.put_many([("h1", (mentions[1], relations[1])), ("h2", mentions[0])])
        got = cache.get_many(["h1", "h2"])
    assert got["h1"] == (mentions[1], relations[1])
    assert got["h2"] == mentions[0]


def test_relation_scores_boundaries_and_strict():
    text = "CNNs are used for image classification."
    gold = GoldDoc("d", text, [(0, 4, "method"), (18, 38, "task")], [], [(0, 4, 18, 38, "used_for")])
    right = Relation(Mention("CNNs", 0, 4, "method"), Mention("image classification", 18, 38, "task"),
                     "used_for", 0.9, text)
    wrong_kind = Relation(Mention("CNNs", 0, 4, "concept"), right.tail, "used_for", 0.9, text)
    reversed_ = Relation(right.tail, right.head, "used_for", 0.9, text)
    assert relation_scores([[right]], [gold])["strict"]["f1"] == 100.0
    scores = relation_scores([[wrong_kind]], [gold])
    assert scores["boundaries"]["tp"] == 1 and scores["strict"]["tp"] == 0
    assert relation_scores([[reversed_]], [gold])["boundaries"]["tp"] == 0


def test_read_scierc_relations(tmp_path):
    rec = {"doc_key": "x", "sentences": [["CNNs", "-LRB-", "ours", "-RRB-", "are", "used", "for", "vision", "."]],
           "ner": [[[0, 0, "Method"], [2, 2, "Generic"], [7, 7, "Task"]]],
           "relations": [[[0, 0, 7, 7, "USED-FOR"], [2, 2, 0, 0, "HYPONYM-OF"]]]}
    path = tmp_path / "g.json"
    path.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    (doc,) = read_scierc(path)
    assert doc.text == "CNNs (ours) are used for vision."
    assert doc.generic == [(6, 10)]
    assert sorted(doc.relations) == [(0, 4, 25, 31, "used_for"), (6, 10, 0, 4, "hyponym_of")]
    bad = dict(rec, relations=[[[0, 0, 70, 70, "USED-FOR"]]])
    path.write_text(json.dumps(bad) + "\n", encoding="utf-8")
    with pytest.raises(kgraph.InputError, match="g.json:1: a span"):
        read_scierc(path)


@needs_model
def test_cli_query_relations_in_words(corpus_out, capsys):
    from kgraph.cli import main

    G = kgraph.load(corpus_out).graph
    u, v, d = next((u, v, d) for u, v, d in G.edges(data=True) if d["kind"] == "relation")
    head = G.nodes[d["head"]]["label"]
    graph = str(corpus_out / "graph.graphml")
    assert main(["query", "relations", head, "--graph", graph]) == 0
    out = capsys.readouterr().out
    assert f"{head} --{d['relation']}--> {G.nodes[d['tail']]['label']} (" in out
    assert json.loads(d["evidence"])[0]["sentence"] in out
    assert main(["query", "neighbours", head, "--graph", graph]) == 0
    assert f"--{d['relation']}-->" in capsys.readouterr().out
    assert main(["query", "relations", head, "--graph", graph, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["relations"] and all(r["evidence"] for r in data["relations"])


def _tagged_doc(text, tagger_spans_, mentions):
    """A doc of ``text`` with the tagger's spans (token ranges, kind) and the rules' mentions set."""
    from spacy.tokens import Span

    from kgraph import relation_classifier  # noqa: F401  (registers the doc extensions)
    from kgraph.extract import tokenizer_pipeline
    from kgraph.types import SPANS_KEY

    doc = tokenizer_pipeline()(text)
    doc.spans[SPANS_KEY] = [Span(doc, s, e, label=k) for s, e, k in tagger_spans_]
    doc._.kgraph_mentions = mentions
    return doc


def test_tagger_spans_add_the_spans_the_rules_changed():
    from kgraph.relation_classifier import tagger_spans

    text = "We study pronoun resolution in dialogue with a parser."
    kept = m("pronoun resolution in dialogue", text, "task")
    doc = _tagged_doc(text, [(2, 4, "task"), (5, 6, "task"), (8, 9, "method")], [kept])
    extra = tagger_spans(doc, [kept, m("parser", text)])
    assert [(x.text, x.kind) for x in extra] == [("pronoun resolution", "task"), ("dialogue", "task")]
    assert all(text[x.start_char:x.end_char] == x.text for x in extra)


@needs_model
def test_pairs_need_a_mention_and_overlapping_pairs_keep_the_likeliest():
    from kgraph.relation_classifier import RelationClassifier

    text = "Neural parsers are used for machine translation systems."
    parsers, mt = m("Neural parsers", text), m("machine translation systems", text, "task")
    doc = _tagged_doc(text, [], [parsers, mt])
    # two extra arguments: "parsers" (inside a mention) and "machine translation" (inside the other)
    args = sorted([parsers, mt, m("parsers", text), m("machine translation", text, "task")],
                  key=lambda x: (x.start_char, x.end_char))
    clf = RelationClassifier(threshold=0.5)
    spans, pairs, owner = clf.candidates(doc, args)
    texts = [(args[owner[a]].text, args[owner[b]].text) for a, b in pairs]
    assert ("parsers", "machine translation") not in texts  # neither is a mention
    assert ("parsers", "machine translation systems") in texts
    probs = np.zeros((len(pairs), len(RELATION_TYPES) + 1), dtype=np.float32)
    probs[:, 0] = 1.0
    used_for = 1 + RELATION_TYPES.index("used_for")
    for row, pair in enumerate(texts):
        if pair == ("Neural parsers", "machine translation systems"):
            probs[row] = 0.0
            probs[row, used_for] = 0.7
        elif pair == ("parsers", "machine translation systems"):
            probs[row] = 0.0
            probs[row, used_for] = 0.9
        elif pair == ("machine translation systems", "Neural parsers"):
            probs[row] = 0.0
            probs[row, used_for] = 0.6
    rels = clf.decode(doc, args, spans, pairs, owner, probs)
    # one relation for the phrase pair: the likeliest spans, whatever the direction of the others
    assert [(r.head.text, r.type, r.tail.text) for r in rels] == [("parsers", "used_for", "machine translation systems")]
    assert rels[0].confidence == pytest.approx(0.9)


@needs_model
def test_thresholds_per_type_or_one_for_all():
    from kgraph.relation_classifier import RelationClassifier

    assert set(RelationClassifier().thresholds) == set(RELATION_TYPES)
    assert set(RelationClassifier(threshold=0.4).thresholds.values()) == {0.4}


def test_pair_features_between_max_and_outside():
    from kgraph.relation_classifier import pair_features

    states = np.arange(40, dtype=np.float32).reshape(10, 4) % 7
    f = pair_features(states, [(0, 1), (4, 5), (8, 10)], [(0, 1), (1, 0), (0, 2), (2, 1)], max_pool=True, outside=2)
    between, dim = f["between"], 4
    assert between.shape == (4, 6 * dim)
    assert np.array_equal(between[0, 3 * dim:4 * dim], states[1:4].max(0))  # the words between, either direction
    assert np.array_equal(between[1], between[0])
    assert np.array_equal(between[2, 3 * dim:4 * dim], states[1:8].max(0))
    assert not between[0, 4 * dim:5 * dim].any()  # nothing before the first word
    assert np.allclose(between[0, 5 * dim:], states[5:7].mean(0))  # two words after the later span
    assert np.allclose(between[3, 4 * dim:5 * dim], states[2:4].mean(0))
    plain = pair_features(states, [(0, 1), (4, 5), (8, 10)], [(0, 1)])
    assert plain["between"].shape == (1, 3 * dim)
    assert np.array_equal(plain["between"][0], between[0, :3 * dim])


def test_a_relation_of_a_folded_phrase_goes_to_the_term_its_head_names():
    # "we propose an entropy-based data selection strategy to ... alleviate model collapse" read as
    # entropy --used_for--> model collapse: the phrase is no node and links its paper to both entropy and
    # data selection, and the relation took whichever came first
    texts = ["Entropy falls as models collapse. We propose an entropy-based data selection strategy to alleviate "
             "model collapse.",
             "Entropy and data selection matter; model collapse follows.",
             "Entropy regularization helps data selection and model collapse."]
    papers = [Paper(t) for t in texts]
    ms = [[m("Entropy", texts[0], "concept"), m("entropy-based data selection strategy", texts[0]),
           m("model collapse", texts[0], "concept")],
          [m("Entropy", texts[1], "concept"), m("data selection", texts[1]), m("model collapse", texts[1], "concept")],
          [m("Entropy", texts[2], "concept"), m("data selection", texts[2]), m("model collapse", texts[2], "concept")]]
    rels = [[Relation(ms[0][1], ms[0][2], "used_for", 0.9, texts[0])], [], []]
    G = build_graph(papers, ms, relations=rels)
    (d,) = [d for _, _, d in G.edges(data=True) if d["kind"] == "relation"]
    assert G.nodes[d["head"]]["label"] == "data selection" and G.nodes[d["tail"]]["label"] == "model collapse"


def test_a_hyponym_between_items_of_one_list_is_a_conjunction():
    # the classifier read two baselines of one list as one a kind of the other; siblings make no hierarchy
    texts = ["Baselines include LSTM-GMM, Implicit Behavioral Cloning (IBC) and Behavior Transformers (BET).",
             "Behavior Transformers and LSTM-GMM are compared."]
    papers = [Paper(t) for t in texts]
    ms = [[m("LSTM-GMM", t), m("Behavior Transformers", t)] for t in texts]
    rels = [[Relation(ms[0][0], ms[0][1], "hyponym_of", 0.9, texts[0])], []]
    G = build_graph(papers, ms, relations=rels)
    (u, v, d), = [(u, v, d) for u, v, d in G.edges(data=True) if d["kind"] == "relation"]
    assert d["relation"] == "conjunction" and "broader" not in d
