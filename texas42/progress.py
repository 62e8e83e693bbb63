"""A learner's progress: every hand they played, one record a hand, with the game it
belongs to and the coach's verdict when they reviewed it. From it: the game being played
(rebuilt to the very action it stopped at), the counts a learner wants to see, and the
worst mistakes kept as positions to play again.

The JSON form (:meth:`Progress.to_json`) holds one entry a hand; each entry's
``"record"`` is the hand in the project's record format (:mod:`texas42.records`)::

    {"format": "texas42-progress", "version": 1,
     "hands": [{"game": 1, "seat": 0, "record": {...a hand record...},
                "review": {"loss": 3.2, "mistakes": [{"kind": "play", "index": 5,
                           "chosen": "6-4", "best": "5-5", "loss": 3.2,
                           "where": "trick 2"}]}}]}

``"review"`` is absent (or null) for a hand not reviewed. A bad file is refused whole
(a :class:`~texas42.errors.NotationError`, ``rule="progress"``, naming the entry and
what is wrong in it): :meth:`Progress.load` changes nothing then.

>>> from texas42.game import Game
>>> game = Game(seed=2)
>>> for b in ("pass", "pass", "pass", "30"):
...     game.hand.bid(b)
>>> p = Progress()
>>> p.save_game(game, seat=0)
>>> p.hands_played, len(p.entries)
(0, 1)
>>> again = Progress.from_json(p.to_json())
>>> again.restore_game().hand.bids == game.hand.bids
True
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import random
import stat
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .bidding import bid_text
from .errors import InputError, NotationError, Texas42Error, quote
from .game import Game
from .hand import Hand, Phase
from .moon import hand_type, new_game
from .records import HandRecord, check_keys, check_list

FORMAT = "texas42-progress"
VERSION = 1
#: The most hands a progress file holds (months of practice, within a browser's 5 MB
#: of storage); older ones are dropped on save, refused on import past this count.
MAX_HANDS = 2000
#: How many of the worst mistakes are kept as positions to play again.
MISTAKES_KEPT = 5
#: Bytes of a progress file read at most (each hand's entry is under 2 KB).
MAX_PROGRESS_BYTES = 12_000_000
#: The file name a notebook's explorer is usually given (beside the notebook).
PROGRESS_FILE = "texas42-progress.json"
#: A save that cannot be read is moved to its name (a file's, or the page storage's key)
#: with this and the time added: kept for the learner, never overwritten.
UNREADABLE = ".unreadable-"

_ENTRY_FIELDS = ("game", "seat", "record", "review", "judged")
_TOP_FIELDS = ("format", "version", "hands")
_MISTAKE_FIELDS = ("kind", "index", "chosen", "best", "loss", "where")
_KINDS = ("bid", "discard", "contract", "play")


def _bad(message: str) -> NotationError:
    return NotationError(message, rule="progress")


@dataclass(frozen=True)
class Mistake:
    """One of the learner's decisions that the coach judged costly."""

    kind: str  # "bid", "discard", "contract" or "play"
    index: int  # into the record's bids, discards, its contract (0) or plays
    chosen: str
    best: str
    loss: float  # expected points given away (marks counted as 42 points)
    where: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "index": self.index, "chosen": self.chosen,
                "best": self.best, "loss": round(float(self.loss), 2), "where": self.where}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> Mistake:
        data = check_keys(data, _MISTAKE_FIELDS, f"mistake of {where}")
        kind = data.get("kind")
        if kind not in _KINDS:
            raise _bad(f"{where}: a mistake's kind {quote(kind)} is not one of "
                       f"{', '.join(_KINDS)}")
        index = data.get("index")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 64:
            raise _bad(f"{where}: a mistake's index {quote(index)} is not a whole number 0..63")
        loss = data.get("loss")
        if (not isinstance(loss, int | float) or isinstance(loss, bool)
                or not 0 <= loss <= 1000):
            raise _bad(f"{where}: a mistake's loss {quote(loss)} is not a number 0..1000")
        texts = [data.get(k, "") for k in ("chosen", "best", "where")]
        for name, value in zip(("chosen", "best", "where"), texts, strict=True):
            if not isinstance(value, str) or len(value) > 40:
                raise _bad(f"{where}: a mistake's {name} {quote(value)} is not short text")
        return cls(kind, index, texts[0], texts[1], float(loss), texts[2])


@dataclass(frozen=True)
class Entry:
    """One hand the learner played (finished or not), the game it was part of, the seat
    they played and, once reviewed, the coach's total loss and worst decisions."""

    record: HandRecord
    seat: int = 0
    game: int = 1
    loss: float | None = None
    mistakes: tuple[Mistake, ...] = ()
    #: The coach's verdicts on the learner's decisions judged while the hand went on
    #: (:class:`texas42.analysis.coach.Judged`), until the hand is reviewed: a reload
    #: mid-hand keeps them, so the review is still ready when the hand ends.
    judged: tuple[Any, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game, "seat": self.seat,
                               "record": self.record.to_dict()}
        if self.loss is not None:
            out["review"] = {"loss": round(self.loss, 2),
                             "mistakes": [m.to_dict() for m in self.mistakes]}
        if self.judged:
            out["judged"] = [j.to_dict() for j in self.judged]
        return out

    def position(self, mistake: Mistake) -> HandRecord:
        """The hand just before ``mistake``: the record cut at that decision."""
        r = self.record
        if mistake.kind == "bid":
            return replace(r, bids=r.bids[:mistake.index], discards=(), contract=None,
                           plays=(), claim=None)
        if mistake.kind == "discard":
            return replace(r, discards=r.discards[:mistake.index], contract=None, plays=(),
                           claim=None)
        if mistake.kind == "contract":
            return replace(r, contract=None, plays=(), claim=None)
        return replace(r, plays=r.plays[:mistake.index], claim=None)


@dataclass(frozen=True)
class Rate:
    """How often the learner's side made a bid (or a contract) it won."""

    made: int
    tried: int

    @property
    def percent(self) -> int:
        return round(100 * self.made / self.tried) if self.tried else 0

    def __str__(self) -> str:
        return f"{self.made} of {self.tried} ({self.percent}%)"


@dataclass
class Progress:
    """Every hand kept, oldest first; the last game's hands are the game being played."""

    entries: list[Entry] = field(default_factory=list)
    #: Replayed hands by id() of their entry, with the entry itself (an id can be reused
    #: once an entry is gone: the identity check keeps a stale hand from being used).
    _hands: dict[int, tuple[Entry, Hand]] = field(default_factory=dict, repr=False,
                                                  compare=False)
    #: Each entry's JSON, as for ``_hands``: a save after every action writes the whole
    #: file, and only the hand being played is new.
    _texts: dict[int, tuple[Entry, str]] = field(default_factory=dict, repr=False,
                                                 compare=False)
    #: The game last saved or restored: a save of another Game object starts a new game.
    _game: Game | None = field(default=None, repr=False, compare=False)

    # -- the hands -----------------------------------------------------------------------
    def hand(self, i: int) -> Hand:
        """Entry ``i`` replayed (checked against the rules once, then kept)."""
        e = self.entries[i]
        cached = self._hands.get(id(e))
        if cached is None or cached[0] is not e:
            cached = (e, e.record.replay(hand_type(e.record.rules)))
            self._hands[id(e)] = cached
        return cached[1]

    @property
    def game_number(self) -> int:
        """The number of the game being played (0: none yet)."""
        return self.entries[-1].game if self.entries else 0

    def game_entries(self) -> list[Entry]:
        """The hands of the game being played, in order."""
        n = self.game_number
        return [e for e in self.entries if e.game == n]

    def save_game(self, game: Game, seat: int, judged: Sequence[Any] = ()) -> None:
        """Keep ``game``'s hands as the game being played (its hands replace the ones
        kept for it; a new game is numbered after the last). ``judged``: the coach's
        verdicts on its last hand so far (:attr:`Entry.judged`)."""
        kept = self.game_entries()
        # The same Game object as last time (or the one restore_game gave): the same game.
        same = bool(kept) and game is self._game
        self._game = game
        number = self.game_number if same else self.game_number + 1
        reviews = {i: e for i, e in enumerate(kept)} if same else {}
        new = []
        last = len(game.hands) - 1
        for i, h in enumerate(game.hands):
            record = HandRecord.from_hand(h)
            old = reviews.get(i)
            verdicts = tuple(judged) if i == last and (old is None or old.loss is None) else (
                old.judged if old is not None and old.record == record else ())
            if old is not None and old.record == record and old.judged == verdicts:
                new.append(old)  # unchanged: keep its review (and its cached hand)
            elif old is not None and old.record == record:
                new.append(replace(old, judged=verdicts))
                cached = self._hands.get(id(old))
                if cached is not None and cached[0] is old:
                    self._hands[id(new[-1])] = (new[-1], cached[1])
            else:
                new.append(Entry(record, seat=seat, game=number, judged=verdicts))
                if h.is_over:  # (a hand still played changes: replayed when asked)
                    self._hands[id(new[-1])] = (new[-1], h)
        before = [e for e in self.entries if e.game != number]
        self.entries = (before + new)[-MAX_HANDS:]
        self._forget_gone()

    def _forget_gone(self) -> None:
        kept = {id(e) for e in self.entries}
        self._hands = {k: v for k, v in self._hands.items() if k in kept}
        self._texts = {k: v for k, v in self._texts.items() if k in kept}

    def restore_game(self) -> Game:
        """The game being played, rebuilt hand by hand at the very action it stopped."""
        entries = self.game_entries()
        if not entries:
            raise _bad("no game is kept to restore")
        first = entries[0].record
        rules = first.rules
        # Later shakes go on from a seed of their own (the game's own shakes are not kept).
        seed = random.Random(json.dumps([e.record.to_dict() for e in entries])).randrange(2**31)
        game = new_game(rules, first_shaker=first.shaker, seed=seed, deal=first.deal)
        start = self.entries.index(entries[0])
        for i, _ in enumerate(entries):
            if i:
                game.next_hand(deal=entries[i].record.deal)
            hand = self.hand(start + i)
            if not hand.is_over:  # the game plays on in it: its own copy, not the kept one
                hand = entries[i].record.replay(hand_type(rules))
            game.hands[-1] = hand
        self._game = game
        return game

    def set_review(self, hand_index: int, loss: float, mistakes: Sequence[Mistake]) -> None:
        """Note the coach's review of the game's hand ``hand_index`` (0 = its first)."""
        entries = self.game_entries()
        old = entries[hand_index]
        i = self.entries.index(old)
        worst = tuple(sorted(mistakes, key=lambda m: -m.loss)[:MISTAKES_KEPT])
        # (reviewed: the verdicts judged during the hand are in the review now)
        self.entries[i] = replace(old, loss=float(loss), mistakes=worst, judged=())
        cached = self._hands.pop(id(old), None)
        if cached is not None and cached[0] is old:
            self._hands[id(self.entries[i])] = (self.entries[i], cached[1])

    def answer_mistake(self, entry: Entry, mistake: Mistake) -> None:
        """The kept ``mistake`` of ``entry`` was played again and answered (the better
        choice taken): it leaves the list. Nothing changes if it is no longer kept."""
        if entry not in self.entries or mistake not in entry.mistakes:
            return
        i = self.entries.index(entry)
        left = tuple(m for m in entry.mistakes if m != mistake)
        self.entries[i] = replace(entry, mistakes=left)
        cached = self._hands.pop(id(entry), None)
        if cached is not None and cached[0] is entry:
            self._hands[id(self.entries[i])] = (self.entries[i], cached[1])
        self._texts.pop(id(entry), None)

    # -- the counts ----------------------------------------------------------------------
    def finished(self) -> list[tuple[Entry, Hand]]:
        """The hands played to the end (a result, or everyone passed)."""
        out = []
        for i, e in enumerate(self.entries):
            h = self.hand(i)
            if h.is_over and h.phase is Phase.OVER:
                out.append((e, h))
        return out

    @property
    def hands_played(self) -> int:
        return len(self.finished())

    def _rates(self, key: Callable[[Hand], str]) -> dict[str, Rate]:
        counts: dict[str, list[int]] = {}
        for e, h in self.finished():
            r = h.result
            if r is None or r.bidding_team != h.rules.share_of(e.seat):
                continue  # the other side's bid
            c = counts.setdefault(key(h), [0, 0])
            c[0] += bool(r.made)
            c[1] += 1
        return {k: Rate(m, t) for k, (m, t) in sorted(counts.items())}

    def make_rate_by_bid(self) -> dict[str, Rate]:
        """Of the bids the learner's side won: how many it made, by bid."""
        def key(h: Hand) -> str:
            assert h.result is not None
            bid = h.result.bid
            return bid if isinstance(bid, str) else (
                str(bid) if h.rules.bidding == "tricks" else bid_text(bid))
        return self._rates(key)

    def make_rate_by_trumps(self) -> dict[str, Rate]:
        """Of the bids the learner's side won: how many it made, by contract."""
        def key(h: Hand) -> str:
            assert h.result is not None
            return str(h.result.contract)
        return self._rates(key)

    def losses(self) -> list[tuple[int, float]]:
        """(hand number, the coach's loss) of each reviewed hand, in the order played
        (hand numbers count the finished hands from 1)."""
        out = []
        for n, (e, _) in enumerate(self.finished(), 1):
            if e.loss is not None:
                out.append((n, e.loss))
        return out

    def worst_mistakes(self, most: int = MISTAKES_KEPT) -> list[tuple[Entry, Mistake]]:
        """The costliest decisions kept, worst first."""
        pairs = [(e, m) for e in self.entries for m in e.mistakes]
        return sorted(pairs, key=lambda em: -em[1].loss)[:most]

    # -- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION,
                "hands": [e.to_dict() for e in self.entries]}

    def to_json(self, *, indent: int | None = None) -> str:
        if indent is not None:
            return json.dumps(self.to_dict(), indent=indent)
        parts = []
        for e in self.entries:
            cached = self._texts.get(id(e))
            if cached is None or cached[0] is not e:
                cached = (e, json.dumps(e.to_dict()))
                self._texts[id(e)] = cached
            parts.append(cached[1])
        head = json.dumps({"format": FORMAT, "version": VERSION})[:-1]
        return f'{head}, "hands": [{", ".join(parts)}]}}'

    @classmethod
    def from_json(cls, text: str | bytes) -> Progress:
        """Read a progress file; every hand is replayed against the rules, so a file
        that reads is one the explorers can play on. Raises :class:`NotationError`
        (``rule="progress"``) naming the entry and what is wrong."""
        data = load_progress_json(text)
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Progress:
        try:
            data = check_keys(data, _TOP_FIELDS, "progress file")
        except NotationError as exc:
            raise _bad(exc.message) from None
        if data.get("format") != FORMAT:
            raise _bad(f"the file's format is {quote(data.get('format'))}, not {FORMAT!r}: "
                       "it is not a texas42 progress file")
        if data.get("version") != VERSION:
            raise _bad(f"the progress file's version is {quote(data.get('version'))}: this "
                       f"texas42 reads version {VERSION}")
        raw = check_list(data.get("hands", []), "hands", MAX_HANDS, what="progress file")
        out = cls()
        last_game = 0
        for n, item in enumerate(raw):
            where = f"hand {n + 1} of the progress file"
            try:
                entry = _entry(item, where)
                if entry.game < last_game:
                    raise _bad(f"{where}: game {entry.game} comes after game {last_game}: "
                               "the hands are kept in the order played")
                last_game = entry.game
                out.entries.append(entry)
                _check_judged(entry, out.hand(len(out.entries) - 1))  # replayed: checked
            except NotationError as exc:
                raise _bad(exc.message if exc.message.startswith(where)
                           else f"{where}: {exc.message}") from None
            except Texas42Error as exc:
                rule = "" if repr(exc.rule) in exc.message else f" (rule {exc.rule!r})"
                raise _bad(f"{where}: {exc.message}{rule}") from None
        out._check_games()
        return out

    def _check_games(self) -> None:
        """Each game's hands follow each other: the shake passes one seat on, and every
        hand but the game's last is over."""
        for n in sorted({e.game for e in self.entries}):
            idx = [i for i, e in enumerate(self.entries) if e.game == n]
            for a, b in itertools.pairwise(idx):
                first, second = self.entries[a].record, self.entries[b].record
                where = f"hand {b + 1} of the progress file"
                if not self.hand(a).is_over:
                    raise _bad(f"hand {a + 1} of the progress file is not over, but game {n} "
                               "goes on after it")
                if second.rules != first.rules or self.entries[b].seat != self.entries[a].seat:
                    raise _bad(f"{where}: game {n} changes its table or seat mid-game")
                if second.shaker != (first.shaker + 1) % first.rules.seats:
                    raise _bad(f"{where}: its shaker is seat {second.shaker}, but the shake "
                               f"passes from seat {first.shaker} to the next seat")

    def load(self, text: str | bytes) -> None:
        """Replace every hand kept by those of a progress file; a bad file raises and
        changes nothing."""
        fresh = Progress.from_json(text)
        self.entries, self._hands, self._texts = fresh.entries, fresh._hands, {}


def load_progress_json(text: Any, most: int = MAX_PROGRESS_BYTES) -> Any:
    """The JSON of a progress file (text of at most ``most`` bytes, by default
    :data:`MAX_PROGRESS_BYTES`; the teacher's class export may be longer: UTF-8, or the
    UTF-16 or -32 JSON also allows; a byte order mark before it is skipped)."""
    if not isinstance(text, str | bytes):
        raise _bad(f"the progress file is {quote(text)}, not JSON text")
    if len(text) > most:
        raise _bad(f"the progress file is {len(text)} bytes: at most {most} are read")
    if isinstance(text, bytes):
        encoding = json.detect_encoding(text)
        try:
            text = text.decode(encoding)
        except UnicodeDecodeError as exc:
            raise _bad(f"the progress file is not {encoding.upper().removesuffix('-SIG')} "
                       f"text (byte {exc.start})") from None
    text = text.removeprefix("\ufeff")  # (a text editor's byte order mark)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _bad(f"the progress file is not valid JSON: {exc}") from None
    except (ValueError, RecursionError):
        raise _bad("the progress file holds JSON no record has (too deep or too long a "
                   "number)") from None


def _entry(item: Any, where: str) -> Entry:
    item = check_keys(item, _ENTRY_FIELDS, where)
    game = item.get("game", 1)
    if not isinstance(game, int) or isinstance(game, bool) or not 1 <= game <= MAX_HANDS:
        raise _bad(f"{where}: game {quote(game)} is not a whole number 1..{MAX_HANDS}")
    if "record" not in item:
        raise _bad(f"{where}: it has no record of the hand")
    record = HandRecord.from_dict(item["record"])
    seat = item.get("seat", 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < record.rules.seats:
        raise _bad(f"{where}: seat {quote(seat)} is not a seat 0..{record.rules.seats - 1}")
    judged = _judged(item.get("judged", []), where)
    review = item.get("review")
    if review is None:
        return Entry(record, seat=seat, game=game, judged=judged)
    review = check_keys(review, ("loss", "mistakes"), f"review of {where}")
    loss = review.get("loss")
    if not isinstance(loss, int | float) or isinstance(loss, bool) or not 0 <= loss <= 10_000:
        raise _bad(f"{where}: the review's loss {quote(loss)} is not a number 0..10000")
    marks = check_list(review.get("mistakes", []), "mistakes", MISTAKES_KEPT,
                       what=f"review of {where}")
    return Entry(record, seat=seat, game=game, loss=float(loss),
                 mistakes=tuple(Mistake.from_dict(m, where) for m in marks), judged=judged)


def _judged(raw: Any, where: str) -> tuple[Any, ...]:
    """An entry's verdicts judged during the hand, each checked field by field."""
    from .analysis.coach import Judged

    items = check_list(raw, "judged", 64, what=where)
    out = tuple(Judged.from_dict(j, f"{where}, verdict {n + 1}") for n, j in enumerate(items))
    if len({(j.kind, j.index) for j in out}) != len(out):
        raise _bad(f"{where}: two verdicts for one decision")
    return out


def _check_judged(entry: Entry, hand: Hand) -> None:
    """Each verdict is on a decision the entry's seat made in its hand, as made."""
    made: dict[tuple[str, int], tuple[int, str]] = {}
    counts: dict[str, int] = {}
    for action in hand.actions:
        index = counts.get(action.kind, 0)
        counts[action.kind] = index + 1
        made[(action.kind, index)] = (action.seat, action.choice)
    for n, j in enumerate(entry.judged):
        seat, chosen = made.get((j.kind, j.index), (None, None))
        if chosen != j.chosen:
            raise _bad(f"verdict {n + 1}: the hand has no {j.kind} {j.index + 1} of "
                       f"{quote(j.chosen)}")
        if seat is None or not (seat == entry.seat
                                or (hand.rules.is_42 and seat % 2 == entry.seat % 2)):
            raise _bad(f"verdict {n + 1}: {j.kind} {j.index + 1} was not made by the "
                       "learner's side")


# -- a progress file on disk (a real kernel's explorer, save=...) ------------------------
def unreadable_name(name: str, now: float | None = None) -> str:
    """Where a save ``name`` that cannot be read is moved: ``name`` + ``.unreadable-`` +
    the time (UTC), e.g. ``p.json.unreadable-20261206T035701Z``."""
    return name + UNREADABLE + time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(now))


def quote_path(path: Path) -> str:
    """A file's path in a message: whole, up to 300 characters (the learner looks for it)."""
    return quote(str(path), 300)


def _os_words(exc: BaseException) -> str:
    """An operating system's refusal in a few words."""
    if isinstance(exc, ValueError):
        return "its name holds a character no file name may hold"
    if isinstance(exc, PermissionError):
        return "this computer's permissions do not allow it"
    strerror = getattr(exc, "strerror", None)
    return str(strerror or type(exc).__name__).lower()


class ProgressFile:
    """The file an explorer keeps the progress in (``save=``, in a real kernel). Its size
    is checked before it is read; it is written whole through a file beside it (a crash
    mid-write leaves the last save); one that cannot be read is moved aside
    (:meth:`set_aside`), never overwritten.

    A path that cannot hold the file (a folder, a folder that does not exist, no
    permission) raises :class:`~texas42.errors.InputError` (``rule="progress-file"``);
    a file too big to read, :class:`~texas42.errors.NotationError` (``rule="progress"``),
    like any other save that cannot be read.

    >>> ProgressFile(42)
    Traceback (most recent call last):
    texas42.errors.InputError: save 42 is not a file's name (text or a path)
    """

    def __init__(self, path: Any) -> None:
        if not isinstance(path, str | os.PathLike):
            raise InputError(f"save {quote(path)} is not a file's name (text or a path)",
                             rule="progress-file")
        self.path = Path(path)

    def _problem(self, why: str) -> InputError:
        return InputError(f"your progress cannot be kept in {quote_path(self.path)}: {why}",
                          rule="progress-file")

    def read(self) -> bytes:
        """The file's bytes (none when it does not exist yet: the first save writes it)."""
        try:
            info = self.path.stat()
        except FileNotFoundError:
            folder = self.path.parent
            if not folder.is_dir():
                raise self._problem(f"the folder {quote_path(folder)} does not exist") from None
            return b""
        except (OSError, ValueError) as exc:
            raise self._problem(_os_words(exc)) from None
        if stat.S_ISDIR(info.st_mode):
            raise self._problem("it is a folder (give the name of a file in it, such as "
                                f"{quote_path(self.path / PROGRESS_FILE)})")
        if not stat.S_ISREG(info.st_mode):
            raise self._problem("it is not a plain file")
        if info.st_size > MAX_PROGRESS_BYTES:  # (not read: a save is far smaller)
            raise _bad(f"the progress file is {info.st_size} bytes: at most "
                       f"{MAX_PROGRESS_BYTES} are read")
        try:
            with self.path.open("rb") as handle:  # (if it grew since: _load refuses it)
                return handle.read(MAX_PROGRESS_BYTES + 1)
        except (OSError, ValueError) as exc:
            raise self._problem(_os_words(exc)) from None

    def write(self, text: str) -> None:
        """Write the progress ``text`` in place of the file's."""
        fresh = self.path.with_name(self.path.name + ".saving")
        try:
            fresh.write_text(text, encoding="utf-8")
            os.replace(fresh, self.path)
        except (OSError, ValueError) as exc:
            with contextlib.suppress(OSError, ValueError):
                fresh.unlink()
            raise self._problem(f"it could not be written ({_os_words(exc)})") from None

    def set_aside(self, now: float | None = None) -> Path:
        """Move the file (a save that cannot be read) to :func:`unreadable_name`; a
        number is added when that name is taken. Returns where it went."""
        base = unreadable_name(self.path.name, now)
        for n in range(1, 1000):
            target = self.path.with_name(base if n == 1 else f"{base}-{n}")
            if target.exists() or target.is_symlink():
                continue
            try:
                os.rename(self.path, target)
            except (OSError, ValueError) as exc:
                raise self._problem(f"it cannot be read, nor moved aside "
                                    f"({_os_words(exc)})") from None
            return target
        raise self._problem("it cannot be read, and 999 copies set aside already take "
                            "the names to move it to")


# -- a hand taken out of a progress export (``texas42 review|replay|solve``) --------------
def is_progress_data(data: Any) -> bool:
    """Whether parsed JSON is meant as a progress file (a hand record has no ``format``)."""
    return isinstance(data, dict) and "format" in data


def describe_entry(progress: Progress, i: int) -> str:
    """One line naming entry ``i`` as the commands number it (1 = the oldest): its game,
    the learner's seat, the table, and where the hand stands or how it ended."""
    e, hand = progress.entries[i], progress.hand(i)
    return (f"hand {i + 1}: game {e.game}, seat {e.seat}, {e.record.rules.name} rules, "
            f"deal {e.record.deal.code}: {hand.status()}")


def pick_hand(data: Any, number: int | None,
              whose: str = "the progress export") -> tuple[Any, Entry | None]:
    """The hand record in parsed JSON ``data`` and, from a progress export, its entry.

    ``data`` is a hand record (``number`` must be ``None``) or a progress export (the
    site's Export button), whose hand ``number`` (1 = the first listed) is taken; with
    ``number`` ``None`` its only hand. An export of several hands and no number, a number
    it does not hold, or a number for a plain record is an :class:`InputError` (rule
    ``"hand"``) that lists the hands and says how to pick one (``whose``: what the
    message calls the progress, as "Ana's progress in the class export")."""
    if not is_progress_data(data):
        if number is not None:
            raise InputError(f"--hand {number} is for a progress export; this file is a "
                             "single hand record: leave --hand out", rule="hand")
        return data, None
    progress = Progress.from_dict(data)
    count = len(progress.entries)
    if count == 0:
        raise InputError(f"{whose} holds no hands: nothing was played yet", rule="hand")
    if number is None and count == 1:
        number = 1
    if number is not None and 1 <= number <= count:
        entry = progress.entries[number - 1]
        return entry.record.to_dict(), entry
    listing = "\n".join(f"  {describe_entry(progress, i)}" for i in range(count))
    head = (f"{whose} holds {count} hands" if number is None
            else f"there is no hand {number}: {whose} holds {count}")
    raise InputError(f"{head}; name one with --hand N (N from 1 to {count}, as listed):\n"
                     f"{listing}", rule="hand")
