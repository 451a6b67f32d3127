"""Named datasets, benchmarks and standard metrics: what a name says, whatever a tagger said.

Shared by extraction (:mod:`kgraph.rules` adds the names the tagger missed and
types those it mistyped) and the graph stage (:mod:`kgraph.graph` decides a
concept's kind by its name). These are lists of names, which no lexicon of
English knows; patterns here say how they are written in running text.

Examples
--------
>>> text = "BLEU and F1 on CIFAR-10, CIFAR-100 and the Penn Treebank."
>>> [(text[s:e], kind) for s, e, kind in named_spans(text)]
[('BLEU', 'metric'), ('F1', 'metric'), ('CIFAR-10', 'dataset'), ('CIFAR-100', 'dataset'), ('Penn Treebank', 'dataset')]
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterator

from .canon import concept_key
from .lexicon import is_word

__all__ = ["DATASET_NAME", "DATASET_IN_TEXT", "METRIC_IN_TEXT", "METRIC_KEYS", "DATASET_HEADS", "METRIC_HEADS",
           "MODEL_FAMILY", "MODEL_IN_TEXT", "MODEL_NAME", "ORGANIZATIONS", "SPLIT_SUFFIXES", "VARIANT_SUFFIXES", "listed_data_sets", "REGULATIONS", "SOFTWARE", "countries", "is_language", "is_language_pair", "named_spans"]

#: Families of named datasets and benchmarks, written as their authors write them (matched case-sensitively in
#: text; as a concept's label, case-insensitively, so none is an English word).
_DATASET_FAMILIES = (
    # vision
    r"ImageNet|Tiny-?ImageNet|CIFAR|MNIST|Fashion-?MNIST|SVHN|COCO|MS-?COCO|KITTI|Cityscapes|PASCAL(?: VOC)?|"
    r"CelebA(?:-HQ)?|LSUN|FFHQ|ShapeNet|ModelNet|ScanNet|ADE20K|[Nn]uScenes|Waymo|Omniglot|STL-10|Places365|"
    r"SYNTHIA|GTA5|LVIS|Objects365|Open ?Images|Mapillary|Kinetics(?:-\d+)?|Argoverse|"
    r"iNaturalist|Flickr30[Kk]|Flickr8[Kk]|Visual Genome|VQA(?:v2)?|GQA|MSR-VTT|UCF-?101|HMDB-?51|LAION|CUB-200|"
    r"DomainNet|PACS|VLCS|OfficeHome|Office-?31|Office-Home|TerraIncognita|WILDS|fastMRI|FEMNIST|"
    # language
    r"SQuAD|GLUE|SuperGLUE|WikiText|Penn\s+(?:Chinese\s+)?Treebank|PTB|CTB|CCGbank|PDTB|OntoNotes|CoNLL|SemEval|DUC|"
    r"Europarl|Gigaword|FrameNet|Prop[Bb]ank|WordNet|BookCorpus|MS ?MARCO|TriviaQA|HotpotQA|XNLI|SNLI|MultiNLI|MNLI|"
    r"ACE(?= (?:19|20)\d\d)|TDT[2-5]|GENIA|YAGO\d?|Freebase|DBpedia|Wikidata|Euro[Vv]oc|EUROVOC|BNC|"
    r"(?<=NIST )MT0[2-9]|MT0[2-9](?=,| and| as)|"
    r"IMDb|SST(?:-?[25])?|MPQA|Reuters|20 ?Newsgroups|TREC|WMT|"
    r"IWSLT|Multi30[Kk]|XSum|CNN/Daily ?Mail|MMLU|GSM8K|HumanEval|MBPP|HellaSwag|WinoGrande|TruthfulQA|"
    r"FLORES(?:-\d+)?|XQuAD|TyDi ?QA|Natural Questions|"
    r"BIG-?[Bb]ench|SWE-bench|AlpacaEval|MT-Bench|LongBench|BEIR|"
    # language models: reasoning, knowledge, code, chat, safety, long context, pretraining corpora
    r"GPQA(?:-Diamond)?|MATH-500|AIME(?: ?(?:19|20)?\d\d)?|OlympiadBench|MMLU-Pro|MMMU(?:-Pro)?|BBH|ARC-(?:Easy|Challenge|AGI)|"
    r"BoolQ|PIQA|SIQA|OpenBookQA|CommonsenseQA|LAMBADA|PopQA|2WikiMultihopQA|MuSiQue|QuALITY|"
    r"NarrativeQA|Qasper|ZeroSCROLLS|Arena-Hard|Chatbot Arena|UltraFeedback|UltraChat|ShareGPT|HH-RLHF|"
    r"CodeContests|LiveCodeBench|BigCodeBench|DS-1000|CRUXEval|"
    r"AdvBench|HarmBench|JailbreakBench|StrongREJECT|XSTest|ToxiGen|RealToxicityPrompts|WinoBias|CrowS-Pairs|"
    r"C4|RedPajama|FineWeb(?:-Edu)?|Dolma|SlimPajama|RefinedWeb|"
    r"MedQA|PubMedQA|MedMCQA|BioASQ|SVAMP|ASDiv|AQuA(?:-RAT)?|MAWPS|NuminaMath|MetaMathQA|StrategyQA|LogiQA|ReClor|"
    r"ProofWriter|CLUTRR|bAbI|WikiSQL|HybridQA|TabFact|FinQA|TAT-QA|ConvFinQA|QuAC|CoQA|SciQ|"
    r"OpenWebText|TinyStories|OASST\d?|BeaverTails|PKU-SafeRLHF|"
    # agents and embodied
    r"ALFWorld|WebShop|WebArena|VisualWebArena|OSWorld|Mind2Web|ScreenSpot(?:-Pro|-v2)?|AndroidWorld|GAIA|"
    r"ToolBench|API-Bank|tau-bench|LIBERO|CALVIN|Open X-Embodiment|BridgeData(?: ?V2)?|DROID|nuPlan|CARLA|"
    r"HM3D|Matterport3D|"
    # vision-language, generation, video, 3D
    r"ScienceQA|MathVista|MME|TextVQA|DocVQA|ChartQA|OK-VQA|RefCOCO[+g]?|DrawBench|PartiPrompts|GenEval|"
    r"Ego4D|EPIC-KITCHENS(?:-100)?|Something-Something(?: ?V2)?|YouTube-VOS|DAVIS|ObjectNet|Food-101|"
    r"Caltech-?101|FGVC-Aircraft|EuroSAT|SUN397|Objaverse(?:-XL)?|CO3D|Mip-NeRF 360|Tanks and Temples|"
    r"BlendedMVS|Human3\.6M|AMASS|3DPW|NoCaps|CC3M|CC12M|DataComp|WebVid(?:-\d+[MK])?|HowTo100M|ActivityNet|"
    r"Charades-STA|MSVD|YouCook2|MM-Vet|VinDr-CXR|LIDC-IDRI|DeepLesion|ManiSkill\d?|RoboSuite|"
    r"LibriTTS|GigaSpeech|WenetSpeech|FLEURS|CoVoST\s?2?|MuST-C|AISHELL(?:-\d)?|"
    # time series, medicine
    r"ETTh[12]|ETTm[12]|PhysioNet|eICU|CAMELYON1[67]|TCGA|Kvasir(?:-SEG)?|LiTS|KiTS\d*|BTCV|"
    # speech, graphs, recommendation, control, routing
    r"LibriSpeech|TIMIT|Switchboard|OGB|Cora|Citeseer|PubMed|QM9|MovieLens|D4RL|Atari|MuJoCo|TSPLIB|CVRPLIB|"
    r"LJSpeech|VCTK|VoxCeleb\d?|AudioSet|ESC-50|Common Voice|ogb[gnl]-[a-z0-9\-]+|r?MD17|ZINC|PCQM4Mv2|"
    r"MiniGrid|Procgen|Meta-World|DMControl|DeepMind Control Suite|NetHack|Crafter|DMLab(?:-30)?|[Bb]suite|"
    # weather and climate
    r"ERA5(?: reanalysis)?|WeatherBench(?: ?2)?|CMIP[56]|"
    # medicine
    r"CheXpert|MIMIC(?:-CXR|-III|-IV)?|BraTS|ISIC|ChestX-ray14|MedMNIST|ADNI|UK Biobank"
)
#: A concept label that is one of those names, with its version ("CIFAR-10", "ImageNet 1k"; "ImageNet
#: classification" is a task on it).
DATASET_NAME = re.compile(rf"^(?=(?-i:.*[A-Z0-9]))(?:{_DATASET_FAMILIES})(?:[\s\-]?(?=(?-i:[\w.]*[\dA-Z]))[\w.]*|-[\w.]*)?$", re.I)
#: A version written apart from a name: a year, a release number or a year's last digits ("COCO 2017",
#: "PDTB 2.0", "CTB 5.1", "WMT'14").
_VERSION = r"(?: (?:19|20)\d\d|[ \-]v?\d\.\d+|['\u2019]\d\d)(?![\w.]*\d)"
#: The same names in running text, with their versions: "CIFAR-100", "CIFAR-10C", "ImageNet-1k", "CoNLL-2003".
DATASET_IN_TEXT = re.compile(rf"(?<![\w-])(?:{_DATASET_FAMILIES})(?:-?\d+[A-Za-z]?|-[A-Z][\w]*|{_VERSION})?(?![\w-])")
#: Families of large language and multimodal models, as their makers write them (case-sensitive): shared by
#: labels (:data:`MODEL_NAME`) and running text (:data:`MODEL_IN_TEXT`).
_LLM_FAMILIES = (r"GPT|Gemini|Claude|Llama|LLaMA|Qwen|Mistral|Mixtral|Gemma|DeepSeek|Kimi|InternVL|OLMo|Pythia|"
                 r"StarCoder|Falcon|Vicuna|LLaVA")
#: Families of named models, as a concept's label (case-sensitive): "Mistral", "Phi-4", "DeepSeek-R1", "Gemma-3",
#: "OpenAI o1" are models, which the tagger, taught by SciERC that a named resource is Material, calls datasets.
#: (A short family name only with its version: "Phi-4", "GLM-4"; "Phi" alone is a letter.)
MODEL_NAME = re.compile(
    r"^(?:(?:OpenAI|Meta|Google|Microsoft|Anthropic|DeepSeek|Alibaba|Mistral AI)\s+)?"
    rf"(?:(?:Chat|Instruct)?GPT|{_LLM_FAMILIES}|PaLM|"
    r"BLOOM|RoBERTa|DeBERTa|DistilBERT|BERT|T5|BART|XLNet|BLIP|DALL-?E|Whisper|wav2vec|HuBERT|ResNet|VGG|"
    r"EfficientNet|MobileNet|DenseNet|YOLO|DETR|Stable Diffusion|Phi(?=-\d)|o[134](?=-|$)|DINO(?=v\d|$)|SigLIP|"
    r"ConvNeXt|Code ?Llama|ChatGLM|GLM(?=-\d)|Grok(?=-\d|$))(?:[\s\-]?[\w.]+)*$")
#: A model named with its version, size and tier, in running text: "Gemini 2.5 Flash", "Claude 3.5 Sonnet",
#: "Llama 3.1 8B Instruct", "GPT-4o mini", "Qwen3-30B-A3B" (the tagger took "Gemini 2.5" and "Flash", or only
#: "Sonnet"). A family's name alone is the tagger's to find.
_MODEL_FAMILIES = rf"{_LLM_FAMILIES}|QwQ|Ministral|Codestral|Phi|Grok|GLM|Yi|Baichuan|MiniCPM|SmolLM"
_MODEL_TIERS = (r"Flash(?:-Lite)?|Pro|Ultra|Nano|Lite|Sonnet|Opus|Haiku|Instruct|Chat|Base|mini|Turbo|Thinking|Coder|"
                r"Math|VL|Vision|Max|Plus|Preview|Small|Medium|Large|XL|R1|V\d(?:\.\d)?|K2|OneVision|NeXT")
_MODEL_VERSION = r"\d+(?:\.\d+)*[a-z]?"
_MODEL_SIZE = r"\d+(?:\.\d+)?[BMbm]|A\d+B|\d+x\d+B"
MODEL_IN_TEXT = re.compile(
    rf"(?<![\w\-])(?:{_MODEL_FAMILIES})(?:[\s\-]?{_MODEL_VERSION}(?![\w.]))?"
    rf"(?:(?:[\s\-](?:{_MODEL_SIZE}|(?:{_MODEL_TIERS})(?:\s{_MODEL_VERSION})?)|-(?:turbo|chat|instruct|base|it|hf))"
    rf"(?![\w]))*(?![\w\-])")
#: A model family's name, at the start of a model's name ("Llama" of "Llama 3.1 8B").
MODEL_FAMILY = re.compile(rf"(?:{_MODEL_FAMILIES})(?:\d+(?:\.\d+)*(?=[\s\-]|$))?")
#: Organisations that make models, named alone: no concept ("OpenAI", "DeepSeek").
ORGANIZATIONS = frozenset("""openai deepseek google meta microsoft anthropic nvidia deepmind huggingface alibaba
baidu tencent bytedance ibm apple apache github acm ieee aaai nsf nih darpa nasa osha""".split()) | {
    "google deepmind", "hugging face", "mistral ai", "meta ai"}
#: The last word of an institution's name: "European Environment Agency", "Occupational Safety and Health
#: Administration" (of three words or more: "human agency" is none).
INSTITUTION_HEADS = frozenset("agency administration association society institute ministry commission consortium "
                              "university".split())
#: Software a model is built with or a system runs on, named alone: no concept of the field, and no data set
#: ("MySQL and PostgreSQL", which the tagger reads as SciERC's Material).
SOFTWARE = frozenset("""mysql postgresql postgres sqlite mongodb redis spark hadoop kubernetes docker linux
pytorch tensorflow keras numpy scipy pandas scikit-learn sklearn matlab langchain llamaindex botorch gpytorch
vllm sglang tensorrt tensorrt-llm onnx rocm cudnn cublas deepspeed ollama llama.cpp
faiss lucene elasticsearch solr jax triton
dbms dbmss""".split()) | {"database management system", "database management systems", "unity ml-agents"}
#: Laws and regulations a system must comply with, named alone: no concept of the field and no data set
#: ("HIPAA and GDPR", which the tagger reads as SciERC's Material).
REGULATIONS = frozenset("hipaa gdpr ccpa cpra ferpa coppa pipeda lgpd".split()) | {"eu ai act", "ai act"}
#: Head words that make a name a dataset: "the Amazon Reviews dataset", "CoNLL 2012 English test set".
DATASET_HEADS = frozenset("dataset datasets corpus corpora benchmark benchmarks treebank treebanks suite".split())
#: Words after a metric's name that keep it a metric: "BLEU score", "F1 scores".
METRIC_HEADS = frozenset("score scores metric metrics measure measures value values".split())

_METRIC_ABBREVIATIONS = (
    r"F1(?:[- ]scores?)?|F-(?:measure|score)s?|BLEU(?:-\d)?|SacreBLEU|chrF\+*|TER|METEOR|CIDEr|SPICE|"
    r"ROUGE(?:-(?:[L12]|SU4))?|BERTScore|CLIPScore|FID|FVD|KID|PSNR|SSIM|LPIPS|AUROC|AUPRC|AUC(?:-ROC)?|mAP(?:50(?:-95)?|@0?\.\d+(?::0?\.\d+)?)?|mIoU|"
    r"MAE|MSE|RMSE|MAPE|sMAPE|[Nn]DCG(?:@\d+)?|MRR|WER|CER|ECE|UAS|LAS|CLEVER|(?:Hits|Recall|Precision|P|R)@\d+|"
    r"MACs|"
    r"RIBES|[Pp]ass@(?:\d+|k)|IoU|[GTMP]?FLOPs|COMET|BLEURT|[A-Z][A-Za-z]+Score|"
    r"MOS|UTMOS|PESQ|STOI|SI-S[DN]R|EER|AP(?:50|75)|HD95|CRPS|ROC-AUC|AUC-PR|TTFT|(?:PA-)?MPJPE|PCKh?|NME|"
    r"[A-Z]{2,}[A-Za-z0-9]* Score|"
    r"top-[15] accuracy"
)
#: Metrics named in running text, as written ("MAE" is a metric, "mae" is not).
METRIC_IN_TEXT = re.compile(rf"(?<![\w-])(?:{_METRIC_ABBREVIATIONS})(?:@(?:\d+|[kK]))?(?![\w@-])")
#: Metrics written out, in any case ("Word Error Rate", "mean squared error").
_METRIC_PHRASES = re.compile(
    r"(?<![\w-])(?:(?:top-[15] |classification |test |validation |prediction )?accurac(?:y|ies)|perplexit(?:y|ies)|"
    r"(?:word |character |label |classification |test )?error rates?|exact match|"
    r"(?:root )?mean[- ](?:squared|absolute)[- ]error|mean average precision|mean reciprocal rank|"
    r"area under the (?:ROC |precision-recall )?curve|(?:Pearson|Spearman)(?:'s)? (?:rank )?correlation|"
    r"Kendall(?:'s)? tau|Fr[eé]chet Inception Distance|Inception Score|expected calibration error|"
    r"(?:un)?labell?ed attachment scores?|(?:Cohen|Fleiss)(?:'s|') kappa|inter-annotator agreement|"
    r"Dice (?:scores?|coefficients?)|win rates?|CLIP[- ]?[Ss]cores?|mean opinion scores?|equal error rates?|"
    r"Chamfer distances?|Hausdorff distances?|Brier scores?|balanced accurac(?:y|ies)|Cram[eé]r's V|mean (?:absolute |squared )?relative errors?|(?:task |attack )?success rates?|latency|pixel accuracy)(?![\w-])",
    re.I,
)
#: "precision" and "recall" are metrics beside another metric ("precision and recall", "recall and F1");
#: alone they are often something else ("recall that", "mixed precision").
_PRECISION_RECALL = re.compile(r"(?<![\w-])(?:precision|recall(?! (?:that|how|what|the|an?|from)\b))(?![\w-])", re.I)
_METRIC_NEAR = re.compile(r"(?<![\w-])(?:precision|recall(?! (?:that|how|what|the|an?|from)\b)|F1|F-(?:measure|score)"
                          r"|accuracy)(?![\w-])", re.I)

_NAME_WORD = r"(?:[A-Z][\w\-./&']*|\d[\w.\-]*)"
#: A run of capitalised words or numbers before a dataset head: "Amazon Reviews dataset", "CoNLL 2012 English test set".
_HEADED = re.compile(rf"(?<![\w\-$])({_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}})\s+"
                     r"(?:[Dd]atasets?|[Cc]orpus|[Cc]orpora|[Bb]enchmarks?|[Tt]reebanks?|[Ss]uite|[Tt]est [Ss]ets?)"
                     r"(?![\w-])")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+|\n)$")

#: A coined name: a capital or a digit past its first letter ("StreamingBench", "VBench2", "xNot360", "Arena-Hard",
#: "T2V-CompBench"), as one word.
_CODED_NAME = r"[A-Za-z][\w.\-/]*?(?:[A-Z]|\d)[\w\-/]*(?:\.\d+)?"
#: Where a result's data set is named: after a score and "on" ("4.6% on"), opening a sentence ("On xNot360,"), before
#: a list of coined names ("on CNN/DM, CCSum, Multi-News"), after a list's cue ("benchmarks such as") or in brackets
#: after "datasets".
_SCORE_CUES = tuple(re.compile(p) for p in (
    r"(?:\d%|\d\s?(?:points?|pp|p\.p\.))\s+on\s+(?:the\s+)?",
    r"\bOn\s+(?=\S+,)",  # (where a sentence starts)
    r"\bon\s+(?=(?:[A-Za-z][\w.\-/]*,\s+){2,})",
    r"(?:benchmarks?|datasets?|suites?)\s+(?:such as|like|including|e\.g\.,?)\s+(?:the\s+)?",
    r"(?:benchmarks|datasets)\s*\(\s*(?=[^()]*,)"))
_CODED_WORD = re.compile(rf"{_CODED_NAME}(?![\w\-])")
_LIST_GOES_ON = re.compile(r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:the\s+)?")
#: A benchmark's or environment's coined name, as one word: "Terminal-Bench", "ToolBench", "MedAgentGym", "AlpacaEval".
_BENCH_WORD = re.compile(r"(?<![\w\-])[A-Z][\w]+?-?(?:Bench|BENCH|Gym|Eval)(?:-[\w.]+|\d[\w.]*)?(?![\w\-])")
#: A benchmark's split after its name ("Maze-Hard", "ARC-Challenge", "GPQA-Diamond", "SWE-bench-Verified"); and, with
#: those, the suffixes of a benchmark's or a model's variant ("MMLU-Pro", "GPT-4o-Mini").
SPLIT_SUFFIXES = ("Hard", "Easy", "Verified", "Diamond", "Challenge")
VARIANT_SUFFIXES = SPLIT_SUFFIXES + ("Lite", "Pro", "Plus", "Mini", "Full", "Extended")
#: Coined names that are no data set: hardware ("A100", "H100", "GPUs").
_NO_DATA = re.compile(r"[ABHLTV]\d{2,3}s?|[GTCN]PUs?|RTX\w*")


#: A list of capitalised names, then the data sets' head ("the ETTh1, ETTm2, Weather and Electricity datasets"), or
#: after it in brackets ("seven datasets (ETTh1, Weather, Traffic and ILI)"): names the list makes data sets, though
#: some are ordinary words.
_NAME_ITEM = r"[A-Z][\w.\-]*"
_LISTED_BEFORE = re.compile(rf"(?<![\w\-])({_NAME_ITEM}(?:,\s+{_NAME_ITEM})+,?\s+and\s+{_NAME_ITEM})\s+(?:datasets|benchmarks)\b")
_LISTED_AFTER = re.compile(rf"\b(?:datasets|benchmarks)\s*\(\s*({_NAME_ITEM}(?:,\s+{_NAME_ITEM})+(?:,?\s+and\s+{_NAME_ITEM})?)\s*\)")


def listed_data_sets(text: str) -> Iterator[tuple[int, int]]:
    """Where ``text`` lists capitalised names as data sets, each name's span: "the ETTh1, ETTm2, Weather and
    Electricity datasets", "four benchmarks (Maze, Sudoku, ARC-AGI and VSP)".

    >>> text = "On the ETTh1, ETTm2, Weather and Electricity datasets; four benchmarks (Maze, Sudoku and VSP)."
    >>> [text[a:b] for a, b in listed_data_sets(text)]
    ['ETTh1', 'ETTm2', 'Weather', 'Electricity', 'Maze', 'Sudoku', 'VSP']
    >>> [text[a:b] for a, b in listed_data_sets("In Table 2, Figure 3 and the appendix datasets differ.")]
    []
    """
    for pattern in (_LISTED_BEFORE, _LISTED_AFTER):
        for m in pattern.finditer(text):
            for item in re.finditer(_NAME_ITEM, m.group(1)):
                yield m.start(1) + item.start(), m.start(1) + item.end()


def _scored_on(text: str) -> Iterator[tuple[int, int]]:
    """Where ``text`` names what a result is scored on, by a coined name: "+4.6% on StreamingBench", "benchmarks
    such as Arena-Hard", "60% on StrongREJECT and 61% on ...", "datasets (UCM, AID, DFC-15)".

    >>> text = "It gains 4.6% on StreamingBench and 3.1 points on OVO-Bench, and 2% on H100 GPUs."
    >>> [text[a:b] for a, b in _scored_on(text)]
    ['StreamingBench', 'OVO-Bench']
    >>> text = "They score well on popular benchmarks such as Arena-Hard and MT-Bench."
    >>> [text[a:b] for a, b in _scored_on(text)]
    ['Arena-Hard', 'MT-Bench']
    >>> text = "It gains on CNN/DM, CCSum, Multi-News, and SciTLDR, built on PyTorch, JAX, and NumPy."
    >>> [text[a:b] for a, b in _scored_on(text)]
    ['CNN/DM', 'CCSum', 'Multi-News', 'SciTLDR']
    >>> text = "It wins. On xNot360, ablation hurts. On average, it helps."
    >>> [text[a:b] for a, b in _scored_on(text)]
    ['xNot360']
    >>> text = "We evaluate on four remote sensing datasets (UCM, AID, DFC-15, MLRSNet)."
    >>> [text[a:b] for a, b in _scored_on(text)]
    ['UCM', 'AID', 'DFC-15', 'MLRSNet']
    """
    cues = sorted((m.start(), m.end()) for cue in _SCORE_CUES for m in cue.finditer(text))
    for start, at in cues:
        if text[start] == "O" and start and not re.search(r"[.;]\s+$", text[max(0, start - 3):start]):
            continue  # "On X," opens a sentence
        while True:
            name = _CODED_WORD.match(text, at)
            if (not name or _NO_DATA.fullmatch(name.group()) or MODEL_NAME.match(name.group())
                    or name.group().lower() in SOFTWARE):
                break
            yield name.start(), name.end()
            more = _LIST_GOES_ON.match(text, name.end())
            if not more:
                break
            at = more.end()


def named_spans(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, kind)`` of the named datasets, standard metrics and versioned models written in ``text``,
    in text order.

    A dataset is a known name (:data:`DATASET_IN_TEXT`) or a name before a
    dataset head ("the Amazon Reviews dataset", "CoNLL 2012 English test
    set": capitalised words or numbers, more than one word starting a
    sentence). Metrics are the standard ones, abbreviated as written or spelt
    out in any case; "precision" and "recall" only beside another metric. A model is a family's name with its
    version, size or tier ("Claude 3.5 Sonnet", :data:`MODEL_IN_TEXT`).
    """
    out: list[tuple[int, int, str]] = []
    for m in DATASET_IN_TEXT.finditer(text):
        out.append((m.start(), m.end(), "dataset"))
    for m in _HEADED.finditer(text):
        start = m.start()
        words = m.group(1).split()
        while words and words[0].lower() in _NOT_NAMES:  # "The", "Three", "Extensive"
            start = text.index(words[0], start) + len(words[0])
            start += len(text[start:]) - len(text[start:].lstrip())
            words = words[1:]
        if not words:
            continue
        coined = any(any(c.isdigit() for c in w) or sum(c.isupper() for c in w) >= 2 for w in words)
        if coined or len(words) > 1 or not _SENTENCE_START.search(text[:start]):
            out.append((start, m.end(), "dataset"))
    for start, end in (*_scored_on(text), *listed_data_sets(text)):
        out.append((start, end, "dataset"))
    for m in _BENCH_WORD.finditer(text):
        out.append((m.start(), m.end(), "dataset"))
    for m in MODEL_IN_TEXT.finditer(text):
        if not MODEL_FAMILY.fullmatch(m.group()):
            out.append((m.start(), m.end(), "method"))
    for pattern in (METRIC_IN_TEXT, _METRIC_PHRASES):
        for m in pattern.finditer(text):
            out.append((m.start(), m.end(), "metric"))
    for m in _PRECISION_RECALL.finditer(text):
        window = text[max(0, m.start() - 40) : m.end() + 40]
        if len(_METRIC_NEAR.findall(window)) >= 2:
            out.append((m.start(), m.end(), "metric"))
    return _longest_first(out)


#: Capitalised words that begin a sentence or a title, not a name: "The ImageNet dataset" is ImageNet's.
_NOT_NAMES = frozenset("the a an our this these those its their we in on for with and or of to from by as at "
                       "all both each many several two three four five new large public standard real synthetic "
                       "existing popular extensive".split())


def _longest_first(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Overlapping spans resolved to the longest (then the first); the rest in text order."""
    kept: list[tuple[int, int, str]] = []
    for s, e, kind in sorted(spans, key=lambda x: (-(x[1] - x[0]), x[0])):
        if all(e <= ks or s >= ke for ks, ke, _ in kept):
            kept.append((s, e, kind))
    return sorted(kept)


#: Standard metrics, as concept keys: a concept with one of these keys is a metric.
METRIC_KEYS = frozenset(concept_key(m) for m in """accuracy
F1
F1 score
F-measure
F-score
precision
recall
BLEU
ROUGE
METEOR
CIDEr
TER
FID
Frechet Inception Distance
Inception Score
AUC
AUROC
AUPRC
mAP
mean average precision
MAE
mean absolute error
MSE
mean squared error
RMSE
root mean squared error
perplexity
IoU
mIoU
PSNR
SSIM
LPIPS
top-1 accuracy
top-5 accuracy
error rate
word error rate
WER
CER
NDCG
MRR
mean reciprocal rank
exact match
expected calibration error
ECE
CLEVER
CLEVER score
Cross Lipschitz Extreme Value for nEtwork Robustness
RIBES
pass@1
pass@k
Cohen's kappa
inter-annotator agreement
Dice score
Dice coefficient
win rate
chrF
chrF++
CLIP score
MOS
mean opinion score
UTMOS
PESQ
MPJPE
PA-MPJPE
PCK
PCKh
NME
STOI
SI-SDR
SI-SNR
EER
equal error rate
AP50
AP75
HD95
Chamfer distance
Hausdorff distance
Brier score
balanced accuracy
CRPS
ROC-AUC
AUC-PR
TTFT
SacreBLEU
BERTScore
BARTScore
CLIPScore
COMET
BLEURT
Cramer's V
mean relative error
success rate
latency
pixel accuracy
mAP50
mAP50-95
MACs
R^2
coefficient of determination
FLOPs
GFLOPs
TFLOPs
Pearson correlation
Pearson correlation coefficient
Pearson's correlation coefficient
Pearson's r
Spearman correlation
Spearman's rank correlation
Spearman rank correlation coefficient
Spearman's rho
Kendall's tau
Fleiss' kappa
kappa coefficient
kappa statistic
purity
normalized mutual information
NMI
adjusted Rand index
ARI
labeled attachment score
unlabeled attachment score
LAS
UAS
Hits@1
Hits@10
Matthews correlation coefficient
MCC
MAPE
sMAPE
bits per character
SPICE
SARI
GLEU
CodeBLEU
top-1 error
top-5 error
attack success rate""".split("\n"))


@lru_cache(maxsize=1)
def _languages() -> frozenset[str]:
    """The names of the world's major languages (ISO 639-1, from pycountry), lower case: "english", "urdu"."""
    import pycountry

    names = set()
    for language in pycountry.languages:
        if hasattr(language, "alpha_2"):
            for name in (language.name, getattr(language, "common_name", None)):
                if name:  # "Malay (macrolanguage)", "Modern Greek (1453-)"
                    name = re.sub(r"\s*\(.*\)$", "", name).lower()
                    names.update((name, name.removeprefix("modern ")))
    for family in pycountry.language_families:  # (ISO 639-5) "Slavic languages", "Indo-European languages"
        base = re.sub(r"\s*\(.*\)$", "", family.name).removesuffix(" languages")
        if base != family.name and re.search(r"(?:ic|an|-\w+)$", base) and not is_word(base.lower()):
            names.add(base.lower())  # (not "Artificial", "Caucasian", nor a word that is a name too: "Apache")
    return frozenset(names)


#: A language's name, or a pair of them, as a label, or text in it: "Chinese Language", "Urdu-English", "English/Hindi",
#: "Hebrew texts" (not a corpus, which may be one: "the Hebrew corpus").
_LANGUAGES = re.compile(r"^(?:(?:European|Brazilian|American|British|Canadian|Australian|Swiss|Austrian|Mexican|"
                        r"Latin American|Modern Standard|Classical|Ancient|Old|Middle|Mandarin|Egyptian|Gulf|Levantine|"
                        r"Moroccan|Algerian|Tunisian|Simplified|Traditional)\s+)?"
                        r"(\w[\w ]*?)(?:\s*(?:-to-|-|/|–|\s+to\s+|\s+and\s+)\s*(\w[\w ]*?))?"
                        r"(?:\s+(?:languages?|texts?|data|documents?|sentences?|words?|phrases?|side))?$", re.I)


def is_language_pair(text: str) -> bool:
    """True when ``text`` names two languages, a direction of translation: "English-Chinese", "Urdu/English".

    >>> is_language_pair("English-Chinese"), is_language_pair("Korean-to-English"), is_language_pair("English")
    (True, True, False)
    >>> is_language_pair("Kullback-Leibler"), is_language_pair("English-centric")
    (False, False)
    """
    m = _LANGUAGES.match(text.strip())
    return bool(m) and m.group(2) is not None and all(g.lower() in _languages() for g in m.groups())


@lru_cache(maxsize=1)
def countries() -> frozenset[str]:
    """The names of the world's countries (ISO 3166, from pycountry), lower case: "germany", "netherlands"."""
    import pycountry

    names = set()
    for country in pycountry.countries:
        for name in (country.name, getattr(country, "common_name", None)):
            if name:  # "Netherlands, Kingdom of the"
                names.add(name.split(",")[0].lower())
    return frozenset(names)


def is_language(label: str) -> bool:
    """True when a label names a natural language or a pair of them: data of no one dataset.

    SciERC calls a language a Material, and the tagger learnt that as a
    dataset; a graph's dataset is a named one ("CIFAR-10", "WMT"), so
    "English" is a concept.

    Examples
    --------
    >>> is_language("English"), is_language("Urdu-English"), is_language("Chinese language")
    (True, True, True)
    >>> is_language("Germanic languages"), is_language("hebrew"), is_language("English documents")
    (True, True, True)
    >>> is_language("Penn Chinese Treebank"), is_language("CoNLL-X"), is_language("Hebrew corpus")
    (False, False, False)
    >>> is_language("European Portuguese"), is_language("Modern Standard Arabic texts"), is_language("European Union")
    (True, True, False)
    >>> is_language("Slavic language"), is_language("Semitic"), is_language("Artificial languages"), is_language("Apache")
    (True, True, True, False)
    """
    label = label.strip()
    if label.lower().endswith(" languages"):  # a kind of language: "Germanic languages", "low-resource languages"
        return True
    m = _LANGUAGES.match(label)
    return bool(m) and all(g is None or g.lower() in _languages() for g in m.groups())
