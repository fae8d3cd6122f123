"""The sentences the app says, in English, with no language chosen: words marked where written
(`marked`), the one table code -> sentence (`problem_table`) and how a sentence is filled
(`problem_texts`). Rank 0: every layer may use them; translating them is `scorekeeper.language`'s."""
