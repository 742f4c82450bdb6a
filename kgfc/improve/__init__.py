"""Policy improvement without touching model weights (issue 15).

After an episode with a known gold label, :mod:`~kgfc.improve.reflect` asks the
LLM for a structured critique of its own trajectory; :mod:`~kgfc.improve.reward`
scores the trajectory (correctness, evidence sufficiency, citation quality,
efficiency); :mod:`~kgfc.improve.experience` keeps both, step by step, in a
SQLite buffer under the data dir (``kgfc experience list/show/stats``).
"""
