"""
Writes the Parquet fixtures of tests/fixtures/{trl,openpipe-art,hf-trajectories,parquet-damaged} the way each
producer writes its files (see each folder's README for the producer's source file and commit). Deterministic:
run it again and the files are the same bytes (pyarrow writes no timestamps).

    python3 -m venv /tmp/pq-venv && /tmp/pq-venv/bin/pip install --no-index --find-links /opt/pypi/files pyarrow pandas
    /tmp/pq-venv/bin/python tests/generators/parquet-fixtures.py

CI never runs this: the generated files are committed.
"""

import json
import math
import os
import sys

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "fixtures")


def clear(folder):
    """Removes the Parquet files a previous run wrote under tests/fixtures/<folder> (its README stays)."""
    for root, _dirs, files in os.walk(os.path.join(FIXTURES, folder)):
        for name in files:
            if name.endswith(".parquet"):
                os.remove(os.path.join(root, name))


def out(*parts):
    path = os.path.join(FIXTURES, *parts)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    return path


# ---------------------------------------------------------------- TRL GRPO `log_completions=True`
# GRPOTrainer.log(): a pandas DataFrame of {step, prompt, completion, <reward func names>, <log_extra>, advantage}
# written with DataFrame.to_parquet (pyarrow, snappy, pandas metadata) to
# <output_dir>/completions/completions_{global_step:05d}.parquet. prompt / completion are decoded with
# skip_special_tokens=True, so a chat prompt is Qwen's ChatML without its special tokens.

SYSTEM = "You are a helpful assistant. Think step by step, then give the answer after 'Answer:'."
QUESTIONS = [
    ("What is 17 + 25?", "42"),
    ("What is 9 * 8?", "72"),
    ("What is 100 - 37?", "63"),
]


def chat_prompt(question):
    return f"system\n{SYSTEM}\nuser\n{question}\nassistant\n"


def trl_step(step, prompts, generations, right, formatted):
    """One logging step: len(prompts) groups of `generations` consecutive rows (TRL repeats each prompt)."""
    rows = {"step": [], "prompt": [], "completion": [], "accuracy_reward": [], "format_reward": [], "answer_len": [],
            "advantage": []}
    for p, (question, answer) in enumerate(prompts):
        acc, fmt = [], []
        for g in range(generations):
            ok = right(p, g)
            good_format = formatted(p, g)
            said = answer if ok else str(int(answer) + g + 1)
            text = f"<think>Let me work it out: {question}</think>\n" + (f"Answer: {said}" if good_format else said)
            rows["step"].append(step)
            rows["prompt"].append(chat_prompt(question))
            rows["completion"].append(text)
            acc.append(1.0 if ok else 0.0)
            # a reward function returning None for a sample is logged as NaN
            fmt.append(float("nan") if good_format is None else (0.5 if good_format else 0.0))
            rows["answer_len"].append(len(said))
        rows["accuracy_reward"].extend(acc)
        rows["format_reward"].extend(fmt)
        totals = [a + (0.0 if math.isnan(f) else f) for a, f in zip(acc, fmt)]
        mean = sum(totals) / len(totals)
        std = math.sqrt(sum((t - mean) ** 2 for t in totals) / (len(totals) - 1))
        rows["advantage"].extend([(t - mean) / (std + 1e-4) for t in totals])
    return pd.DataFrame(rows)


def write_trl():
    base = ("trl", "qwen-grpo", "completions")
    clear("trl")
    trl_step(5, QUESTIONS[:2], 4, lambda p, g: g == 0, lambda p, g: g < 2 if p == 0 else (None if g == 3 else True)) \
        .to_parquet(out(*base, "completions_00005.parquet"))
    trl_step(10, QUESTIONS[:2], 4, lambda p, g: p == 0 or g < 3, lambda p, g: True) \
        .to_parquet(out(*base, "completions_00010.parquet"))
    # a bigger step written in small row groups, so that reading it goes group by group
    trl_step(15, QUESTIONS, 4, lambda p, g: (p + g) % 2 == 0, lambda p, g: g != 1) \
        .to_parquet(out(*base, "completions_00015.parquet"), row_group_size=4)
    # a step of 40 groups of 4 generations in 40 row groups: the reader must hold one row group at a time
    many = [(f"What is {n} + {n}?", str(2 * n)) for n in range(40)]
    trl_step(1, many, 4, lambda p, g: (p * 7 + g) % 3 == 0, lambda p, g: True) \
        .to_parquet(out("trl", "many-row-groups", "completions", "completions_00001.parquet"), row_group_size=4)


# ---------------------------------------------------------------- OpenPipe ART
# src/art/utils/trajectory_logging.py write_trajectory_groups_parquet(): one row per trajectory with the schema below,
# pq.write_table(table, path, compression="zstd"), at .art/<project>/models/<model>/trajectories/<split>/<step:04d>.parquet

ART_MESSAGE = pa.struct([("role", pa.string()), ("content", pa.string()), ("tool_calls", pa.string()),
                         ("tool_call_id", pa.string()), ("trainable", pa.bool_())])
ART_SCHEMA = pa.schema([("group_index", pa.int64()), ("group_metadata", pa.string()), ("group_metrics", pa.string()),
                        ("group_logs", pa.list_(pa.string())), ("reward", pa.float64()), ("metrics", pa.string()),
                        ("metadata", pa.string()), ("tools", pa.string()), ("logs", pa.list_(pa.string())),
                        ("messages", pa.list_(ART_MESSAGE))])

ART_TOOLS = [{"type": "function", "function": {"name": "search_inbox", "description": "Search the inbox",
                                               "parameters": {"type": "object",
                                                              "properties": {"query": {"type": "string"}}}}}]


def art_trajectory(group_index, scenario, reward, found, turn):
    call_id = f"call_{group_index}_{turn}"
    calls = json.dumps([{"id": call_id, "type": "function",
                         "function": {"name": "search_inbox", "arguments": json.dumps({"query": scenario["q"]})}}])
    messages = [
        {"role": "system", "content": "You answer questions about the user's email. Use the tools.",
         "tool_calls": None, "tool_call_id": None, "trainable": False},
        {"role": "user", "content": scenario["question"], "tool_calls": None, "tool_call_id": None, "trainable": False},
        # a Choice: trainable, tool calls as JSON text
        {"role": "assistant", "content": None, "tool_calls": calls, "tool_call_id": None, "trainable": True},
        {"role": "tool", "content": json.dumps({"results": found}), "tool_calls": None, "tool_call_id": call_id,
         "trainable": False},
        {"role": "assistant", "content": f"The answer is {scenario['answer'] if reward > 0.5 else 'unknown'}.",
         "tool_calls": None, "tool_call_id": None, "trainable": True},
    ]
    return {
        "group_index": group_index,
        "group_metadata": json.dumps({"scenario_id": scenario["id"]}),
        "group_metrics": None,
        "group_logs": None,
        "reward": reward,
        "metrics": json.dumps({"correct": 1.0 if reward > 0.5 else 0.0, "num_turns": 2}),
        "metadata": json.dumps({"scenario_id": scenario["id"], "difficulty": scenario["difficulty"]}),
        "tools": json.dumps(ART_TOOLS),
        "logs": ["rollout finished"],
        "messages": messages,
    }


SCENARIOS = [
    {"id": "s-101", "q": "flight", "question": "When does my flight to Lisbon leave?", "answer": "9:40",
     "difficulty": "easy"},
    {"id": "s-102", "q": "invoice", "question": "How much was the March invoice?", "answer": "$1,240",
     "difficulty": "hard"},
]


def write_art():
    clear("openpipe-art")
    root = ("openpipe-art", ".art", "email-agent", "models", "agent-001", "trajectories")
    for split, step, rewards in [("train", 0, [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]]),
                                 ("train", 1, [[1.0, 1.0, 0.0], [1.0, 0.0, 1.0]]),
                                 ("val", 1, [[1.0], [0.0]])]:
        rows = [art_trajectory(g, SCENARIOS[g], r, ["msg-1"] if r else [], t)
                for g, group in enumerate(rewards) for t, r in enumerate(group)]
        table = pa.Table.from_pylist(rows, schema=ART_SCHEMA)
        pq.write_table(table, out(*root, split, f"{step:04d}.parquet"), compression="zstd",
                       row_group_size=2 if split == "train" and step == 1 else None)


# ---------------------------------------------------------------- Hugging Face trajectory datasets
# The Hub's Parquet shards (data/train-00000-of-0000N.parquet), written by `datasets` (pyarrow, snappy) with the
# features of each dataset card.

SWE_AGENT_TURN = pa.struct([("cutoff_date", pa.string()), ("mask", pa.bool_()), ("role", pa.string()),
                            ("system_prompt", pa.string()), ("text", pa.string())])
SWE_AGENT_SCHEMA = pa.schema([("instance_id", pa.string()), ("model_name", pa.string()), ("target", pa.bool_()),
                              ("trajectory", pa.list_(SWE_AGENT_TURN)), ("exit_status", pa.string()),
                              ("generated_patch", pa.string()), ("eval_logs", pa.string())])


def swe_agent_row(instance, model, solved, steps):
    system = "SETTING: You are an autonomous programmer working in a command line with a special interface."
    trajectory = [{"cutoff_date": "01.01.2023", "mask": False, "role": "system", "system_prompt": system,
                   "text": system},
                  {"cutoff_date": "01.01.2023", "mask": False, "role": "user", "system_prompt": None,
                   "text": f"We're currently solving the following issue within our repository: {instance}."}]
    for i in range(steps):
        trajectory.append({"cutoff_date": "01.01.2023", "mask": True, "role": "ai", "system_prompt": None,
                           "text": f"DISCUSSION\nLet me look at the code.\n\n```\nopen src/module_{i}.py\n```"})
        trajectory.append({"cutoff_date": "01.01.2023", "mask": False, "role": "user", "system_prompt": None,
                           "text": f"[File: /repo/src/module_{i}.py (20 lines total)]\n1:import os"})
    trajectory.append({"cutoff_date": "01.01.2023", "mask": True, "role": "ai", "system_prompt": None,
                       "text": "DISCUSSION\nThe fix is in place.\n\n```\nsubmit\n```"})
    return {"instance_id": instance, "model_name": model, "target": solved, "trajectory": trajectory,
            "exit_status": "submitted" if solved or steps else "exit_cost",
            "generated_patch": "diff --git a/src/x.py b/src/x.py\n+fix\n" if solved else "",
            "eval_logs": "Will execute following command for apply_patch:\n..."}


OH_CALL = pa.struct([("function", pa.struct([("arguments", pa.string()), ("name", pa.string())])),
                     ("id", pa.string()), ("type", pa.string())])
OH_MESSAGE = pa.struct([("content", pa.string()), ("name", pa.string()), ("role", pa.string()),
                        ("tool_call_id", pa.string()), ("tool_calls", pa.list_(OH_CALL))])
OH_TOOL = pa.struct([("function", pa.struct([("description", pa.string()), ("name", pa.string()),
                                             ("parameters", pa.string())])), ("type", pa.string())])
OH_SCHEMA = pa.schema([("trajectory_id", pa.string()), ("instance_id", pa.string()), ("repo", pa.string()),
                       ("trajectory", pa.list_(OH_MESSAGE)), ("tools", pa.list_(OH_TOOL)),
                       ("model_patch", pa.string()), ("exit_status", pa.string()), ("resolved", pa.int64()),
                       ("gen_tests_correct", pa.float64()), ("pred_passes_gen_tests", pa.float64())])


def openhands_row(tid, instance, repo, resolved, commands):
    msgs = [{"content": "You are OpenHands agent, a helpful AI assistant that can interact with a computer.",
             "name": None, "role": "system", "tool_call_id": None, "tool_calls": None},
            {"content": f"<uploaded_files>/workspace/{repo}</uploaded_files> Fix the issue {instance}.",
             "name": None, "role": "user", "tool_call_id": None, "tool_calls": None}]
    for i, cmd in enumerate(commands):
        call = f"toolu_{tid}_{i}"
        msgs.append({"content": f"Step {i + 1}: let me run a command.", "name": None, "role": "assistant",
                     "tool_call_id": None,
                     "tool_calls": [{"function": {"arguments": json.dumps({"command": cmd}),
                                                  "name": "execute_bash"}, "id": call, "type": "function"}]})
        msgs.append({"content": f"$ {cmd}\nok", "name": "execute_bash", "role": "tool", "tool_call_id": call,
                     "tool_calls": None})
    msgs.append({"content": "", "name": None, "role": "assistant", "tool_call_id": None,
                 "tool_calls": [{"function": {"arguments": json.dumps({"message": "done"}), "name": "finish"},
                                 "id": f"toolu_{tid}_end", "type": "function"}]})
    msgs.append({"content": "done", "name": "finish", "role": "tool", "tool_call_id": f"toolu_{tid}_end",
                 "tool_calls": None})
    tools = [{"function": {"description": "Execute a bash command in the terminal.", "name": "execute_bash",
                           "parameters": json.dumps({"type": "object"})}, "type": "function"},
             {"function": {"description": "Finish the interaction.", "name": "finish",
                           "parameters": json.dumps({"type": "object"})}, "type": "function"}]
    return {"trajectory_id": f"chatcmpl-{tid}", "instance_id": instance, "repo": repo, "trajectory": msgs,
            "tools": tools, "model_patch": "diff --git a/a.py b/a.py\n" if resolved else "", "exit_status": "submit",
            "resolved": resolved, "gen_tests_correct": None, "pred_passes_gen_tests": None}


def write_hf():
    clear("hf-trajectories")
    rows = [swe_agent_row("astropy__astropy-12907", "swe-agent-llama-70b", True, 2),
            swe_agent_row("astropy__astropy-12907", "swe-agent-qwen-72b", False, 1),
            swe_agent_row("django__django-11099", "swe-agent-llama-70b", False, 0),
            swe_agent_row("django__django-11099", "swe-agent-qwen-72b", True, 3),
            swe_agent_row("sympy__sympy-20590", "swe-agent-llama-70b", True, 1)]
    pq.write_table(pa.Table.from_pylist(rows, schema=SWE_AGENT_SCHEMA),
                   out("hf-trajectories", "nebius-SWE-agent-trajectories", "data", "train-00000-of-00001.parquet"),
                   compression="snappy", row_group_size=2)
    rows = [openhands_row("27dd0152", "PlasmaFAIR__sdf-xarray-24", "PlasmaFAIR/sdf-xarray", 0, ["ls", "pytest -x"]),
            openhands_row("eb27c5fe", "tianocore__edk2-pytool-library-372", "tianocore/edk2-pytool-library", 1,
                          ["grep -rn path edk2toollib", "python -m pytest"]),
            openhands_row("613e2de4", "JeffLIrion__python-androidtv-351", "JeffLIrion/python-androidtv", 0, ["ls"])]
    pq.write_table(pa.Table.from_pylist(rows, schema=OH_SCHEMA),
                   out("hf-trajectories", "nebius-SWE-rebench-openhands-trajectories", "data",
                       "train-00000-of-00001.parquet"), compression="zstd")


# ---------------------------------------------------------------- damaged files (errors must be specific)

def write_damaged():
    clear("parquet-damaged")
    good = os.path.join(FIXTURES, "trl", "qwen-grpo", "completions", "completions_00005.parquet")
    data = open(good, "rb").read()
    # the first half of a file: what a copy cut short or a writer still at work leaves
    open(out("parquet-damaged", "truncated.parquet"), "wb").write(data[: len(data) // 2])
    # a table whose columns are no producer's
    pq.write_table(pa.table({"city": ["Lisbon", "Porto"], "population": [545000, 232000]}),
                   out("parquet-damaged", "cities.parquet"))
    # LZO: a codec of the format no reader implements. pyarrow cannot write it, so the SNAPPY codec of a single
    # column chunk's metadata is rewritten (thrift compact: field 4 of ColumnMetaData, i32 1 -> 3, byte 0x02 -> 0x06)
    tmp = out("parquet-damaged", "lzo.parquet")
    pq.write_table(pa.table({"prompt": ["a"]}), tmp, compression="snappy")
    raw = bytearray(open(tmp, "rb").read())
    footer_len = int.from_bytes(raw[-8:-4], "little")
    footer_start = len(raw) - 8 - footer_len
    marker = raw.find(b"prompt", footer_start)
    at = raw.find(b"\x15\x02", marker)
    assert at > 0, "codec field not found"
    raw[at + 1] = 0x06
    open(tmp, "wb").write(bytes(raw))
    codec = pq.ParquetFile(tmp).metadata.row_group(0).column(0).compression
    assert codec == "LZO", codec


if __name__ == "__main__":
    write_trl()
    write_art()
    write_hf()
    write_damaged()
    print("written under", os.path.normpath(FIXTURES), file=sys.stderr)
