"""The screens' name for the one origin helper, which lives beside the app so the API shares it."""

from scorekeeper.origin import (
    is_loopback,
    lan_origins,
    public_origin,
    public_url,
    reachable_by_other_phones,
)

__all__ = ["is_loopback", "lan_origins", "public_origin", "public_url", "reachable_by_other_phones"]
