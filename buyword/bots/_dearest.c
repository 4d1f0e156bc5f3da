/* The computer players' dearest-word search, compiled: the same answers as the pure-Python
 * search of buyword/bots/index.py (`WordIndex._best_pips`) and buyword/bots/rollout.py
 * (`dearest_words`), found without a Python object per tile set.
 *
 * Master's rollouts ask "how dear is the best word these tiles could make?" hundreds of
 * thousands of times a game; in Python that question was most of a rollout's time. Here a set
 * of tiles is its letter code (the finder's mixed-radix number, below 2**62) with its pips and
 * size beside it, the dictionary's codes sit in two open-addressing hash tables, and the search
 * is the Python one: the hand split in two, each half's sets listed dearest first, pairs tried
 * dearest first until nothing left could beat the best word found.
 *
 * Optional: `pip install .` builds it when a C compiler is there, and the Python search is
 * used when it is not (tests/test_dearest_compiled.py checks both give the same answers).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LETTERS 32
/* A hand with more sets than this (far beyond any tile limit) is left to the Python search,
 * which follows only the sets that begin some word: `dearest` lists every set (as the finder
 * does up to this many), */
#define MAX_SETS (1 << 16)
/* and `best_pips` joins two halves' sets (as `WordIndex` does up to this many). */
#define HALVES_UP_TO (1 << 18)
/* The longest hand this search takes (hands of games without a tile limit may be longer). */
#define MAX_TILES 64

typedef struct {
    int pips;
    int size;
    uint64_t code;
} TileSet;

/* A set of codes: open addressing, linear probing, code + 1 stored (0: an empty slot), with a
 * Bloom filter in front. The tables are megabytes (half a million codes), so a look-up that
 * misses them (most do) would wait on memory; the filter is a sixteenth of their size
 * (about 14 bits a code, three of them set in one 64-bit word) and answers most misses from
 * the processor's cache: a search then takes half the time. */
typedef struct {
    uint64_t *slots;
    uint64_t mask;
    uint64_t *filter;
    uint64_t filter_mask;
} CodeSet;

static inline uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

/* The filter's three bits for a code's hash (from bits the slot's place does not use). */
static inline uint64_t filter_bits(uint64_t hash) {
    return (1ULL << (hash >> 58)) | (1ULL << ((hash >> 52) & 63)) | (1ULL << ((hash >> 46) & 63));
}

static int codeset_init(CodeSet *set, Py_ssize_t count) {
    uint64_t size = 16, words = 16;
    while (size < (uint64_t)count * 2) size <<= 1;
    while (words < (uint64_t)count) words <<= 1;
    set->slots = PyMem_Calloc(size, sizeof(uint64_t));
    set->filter = PyMem_Calloc(words / 8, sizeof(uint64_t));
    if (set->slots == NULL || set->filter == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    set->mask = size - 1;
    set->filter_mask = words / 8 - 1;
    return 0;
}

static void codeset_add(CodeSet *set, uint64_t code) {
    uint64_t key = code + 1, hash = mix(key), at = hash & set->mask;
    set->filter[(hash >> 20) & set->filter_mask] |= filter_bits(hash);
    while (set->slots[at]) {
        if (set->slots[at] == key) return;
        at = (at + 1) & set->mask;
    }
    set->slots[at] = key;
}

static inline int codeset_has(const CodeSet *set, uint64_t code) {
    uint64_t key = code + 1, hash = mix(key), bits = filter_bits(hash);
    if ((set->filter[(hash >> 20) & set->filter_mask] & bits) != bits) return 0;
    uint64_t at = hash & set->mask, found;
    while ((found = set->slots[at])) {
        if (found == key) return 1;
        at = (at + 1) & set->mask;
    }
    return 0;
}

typedef struct {
    PyObject_HEAD
    int letters;                 /* how many letters the codes have digits for */
    char letter[MAX_LETTERS];    /* the letters, alphabetically (the finder's `letters`) */
    signed char index_of[256];   /* a byte -> its letter's place, or -1: no word has it */
    uint64_t mult[MAX_LETTERS];  /* each letter's digit weight in a code */
    int cap[MAX_LETTERS];        /* the most copies of each letter a word needs */
    int pips[MAX_LETTERS];       /* each letter tile's pips */
    int wild_pips;
    CodeSet exact;               /* codes of tile sets that spell a word */
    CodeSet with_wild;           /* codes of tile sets that spell a word with one wild */
    TileSet *scratch;            /* room for the sets of one question (the GIL guards it) */
    Py_ssize_t scratch_size;
} Index;

static void Index_dealloc(Index *self) {
    PyMem_Free(self->exact.slots);
    PyMem_Free(self->exact.filter);
    PyMem_Free(self->with_wild.slots);
    PyMem_Free(self->with_wild.filter);
    PyMem_Free(self->scratch);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int fill(CodeSet *set, PyObject *codes) {
    PyObject *seq = PySequence_Fast(codes, "the codes must be a list of numbers");
    if (seq == NULL) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    if (codeset_init(set, count) < 0) {
        Py_DECREF(seq);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < count; i++) {
        unsigned long long code = PyLong_AsUnsignedLongLong(items[i]);
        if (code == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (code >= (1ULL << 62)) {
            PyErr_SetString(PyExc_ValueError, "a code is too large for the compiled search");
            Py_DECREF(seq);
            return -1;
        }
        codeset_add(set, (uint64_t)code);
    }
    Py_DECREF(seq);
    return 0;
}

/* Index(letters, mults, caps, pips, wild_pips, exact_codes, wild_codes) */
static int Index_init(Index *self, PyObject *args, PyObject *kwds) {
    const char *letters;
    Py_ssize_t count;
    PyObject *mults, *caps, *pips, *exact, *with_wild;
    int wild_pips;
    if (!PyArg_ParseTuple(args, "s#OOOiOO", &letters, &count, &mults, &caps, &pips, &wild_pips,
                          &exact, &with_wild))
        return -1;
    if (count > MAX_LETTERS || PySequence_Size(mults) != count
        || PySequence_Size(caps) != count || PySequence_Size(pips) != count) {
        PyErr_SetString(PyExc_ValueError, "one weight, cap and pips for each letter");
        return -1;
    }
    self->letters = (int)count;
    memset(self->index_of, -1, sizeof self->index_of);
    for (Py_ssize_t i = 0; i < count; i++) {
        self->letter[i] = letters[i];
        self->index_of[(unsigned char)letters[i]] = (signed char)i;
        PyObject *m = PySequence_GetItem(mults, i), *c = PySequence_GetItem(caps, i),
                 *p = PySequence_GetItem(pips, i);
        if (m == NULL || c == NULL || p == NULL) {
            Py_XDECREF(m); Py_XDECREF(c); Py_XDECREF(p);
            return -1;
        }
        self->mult[i] = (uint64_t)PyLong_AsUnsignedLongLong(m);
        self->cap[i] = (int)PyLong_AsLong(c);
        self->pips[i] = (int)PyLong_AsLong(p);
        Py_DECREF(m); Py_DECREF(c); Py_DECREF(p);
        if (PyErr_Occurred()) return -1;
    }
    self->wild_pips = wild_pips;
    if (fill(&self->exact, exact) < 0 || fill(&self->with_wild, with_wild) < 0) return -1;
    return 0;
}

static int room(Index *self, Py_ssize_t size) {
    if (size <= self->scratch_size) return 0;
    TileSet *bigger = PyMem_Realloc(self->scratch, (size_t)size * sizeof(TileSet));
    if (bigger == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    self->scratch = bigger;
    self->scratch_size = size;
    return 0;
}

/* Add the tiles to `counts` (per letter; a tile no word has is left out). */
static void add_tiles(const Index *self, const char *tiles, Py_ssize_t length, int *counts) {
    for (Py_ssize_t i = 0; i < length; i++) {
        int at = self->index_of[(unsigned char)tiles[i]];
        if (at >= 0) counts[at]++;
    }
}

/* Cut `counts` to what a word needs; the letters held, in alphabetical order, into `held`;
 * their number returned. */
static int clip(const Index *self, int *counts, int *held) {
    int found = 0;
    for (int i = 0; i < self->letters; i++) {
        if (counts[i] > self->cap[i]) counts[i] = self->cap[i];
        if (counts[i]) held[found++] = i;
    }
    return found;
}

static int count_tiles(const Index *self, const char *tiles, Py_ssize_t length, int *counts,
                       int *held) {
    memset(counts, 0, sizeof(int) * MAX_LETTERS);
    add_tiles(self, tiles, length, counts);
    return clip(self, counts, held);
}

/* Every sub-multiset of the letters held[first..last) (with `counts` copies each) into `out`,
 * the empty set first; returns how many. */
static Py_ssize_t list_sets(const Index *self, const int *counts, const int *held, int first,
                            int last, TileSet *out) {
    Py_ssize_t made = 1;
    out[0].pips = 0;
    out[0].size = 0;
    out[0].code = 0;
    for (int h = first; h < last; h++) {
        int at = held[h];
        Py_ssize_t before = made;
        for (int copies = 1; copies <= counts[at]; copies++) {
            for (Py_ssize_t i = 0; i < before; i++) {
                TileSet *set = &out[made++];
                set->pips = out[i].pips + copies * self->pips[at];
                set->size = out[i].size + copies;
                set->code = out[i].code + (uint64_t)copies * self->mult[at];
            }
        }
    }
    return made;
}

static int by_pips(const void *a, const void *b) {
    return ((const TileSet *)b)->pips - ((const TileSet *)a)->pips;
}

/* Sort sets dearest first (by pips; the order among equal pips does not change any answer):
 * a counting sort, as pips are small numbers. */
#define MOST_PIPS 255
static void sort_dearest(TileSet *sets, Py_ssize_t count, TileSet *spare) {
    int most = 0;
    for (Py_ssize_t i = 0; i < count; i++)
        if (sets[i].pips > most) most = sets[i].pips;
    if (most > MOST_PIPS || sets[0].pips < 0) {
        qsort(sets, (size_t)count, sizeof(TileSet), by_pips);
        return;
    }
    Py_ssize_t starts[MOST_PIPS + 2];
    memset(starts, 0, sizeof(Py_ssize_t) * (size_t)(most + 2));
    for (Py_ssize_t i = 0; i < count; i++) starts[most - sets[i].pips + 1]++;
    for (int p = 1; p <= most + 1; p++) starts[p] += starts[p - 1];
    for (Py_ssize_t i = 0; i < count; i++) spare[starts[most - sets[i].pips]++] = sets[i];
    memcpy(sets, spare, (size_t)count * sizeof(TileSet));
}

#define TOO_LARGE (-2)

/* The pips of the dearest word the tiles `counts` make (with one wild if `wild`), or `best` if
 * none is dearer; TOO_LARGE for a hand too large, -1 with an exception set. */
static long search(Index *self, int *counts, int wild, long shortest, long best) {
    int held[MAX_LETTERS];
    int found = clip(self, counts, held);
    /* Two halves with no letter in common: their sets join by adding codes. */
    Py_ssize_t total = 1;
    for (int h = 0; h < found; h++) total *= counts[held[h]] + 1;
    if (total > HALVES_UP_TO) return TOO_LARGE;
    Py_ssize_t low = 1;
    int middle = 0;
    while (middle < found && low * low < total) low *= counts[held[middle++]] + 1;
    Py_ssize_t high = total / low;
    if (room(self, 2 * (low + high)) < 0) return -1;
    TileSet *firsts = self->scratch, *seconds = firsts + low, *spare = seconds + high;
    list_sets(self, counts, held, 0, middle, firsts);
    list_sets(self, counts, held, middle, found, seconds);
    sort_dearest(firsts, low, spare);
    sort_dearest(seconds, high, spare);

    int top = seconds[0].pips;
    if (!wild) {
        for (Py_ssize_t i = 0; i < low; i++) {
            const TileSet *first = &firsts[i];
            if (first->pips + top <= best) break;  /* no pair from here on beats the best */
            for (Py_ssize_t j = 0; j < high; j++) {
                const TileSet *second = &seconds[j];
                int pips = first->pips + second->pips;
                if (pips <= best) break;
                if (first->size + second->size >= shortest
                    && codeset_has(&self->exact, first->code + second->code)) {
                    best = pips;
                    break;  /* the rest of this list is no dearer */
                }
            }
        }
        return best;
    }
    int bonus = self->wild_pips;
    for (Py_ssize_t i = 0; i < low; i++) {
        const TileSet *first = &firsts[i];
        if (first->pips + top + bonus <= best) break;
        for (Py_ssize_t j = 0; j < high; j++) {
            const TileSet *second = &seconds[j];
            int pips = first->pips + second->pips;
            if (pips + bonus <= best) break;
            uint64_t code = first->code + second->code;
            int size = first->size + second->size;
            /* With the wild the same tiles are worth more: that look-up first. */
            if (size + 1 >= shortest && codeset_has(&self->with_wild, code))
                best = pips + bonus;
            else if (pips > best && size >= shortest && codeset_has(&self->exact, code))
                best = pips;
        }
    }
    return best;
}

/* best_pips(tiles, wild, min_length, floor) -> the pips of the dearest word the tiles make
 * (with one wild if `wild`), or `floor` if none is dearer; None for a hand too large. */
static PyObject *Index_best_pips(Index *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "best_pips(tiles, wild, min_length, floor)");
        return NULL;
    }
    Py_ssize_t length;
    const char *tiles = PyUnicode_AsUTF8AndSize(args[0], &length);
    if (tiles == NULL) return NULL;
    int wild = PyObject_IsTrue(args[1]);
    long shortest = PyLong_AsLong(args[2]), floor = PyLong_AsLong(args[3]);
    if (wild < 0 || PyErr_Occurred()) return NULL;
    if (length > MAX_TILES || floor < 0) Py_RETURN_NONE;
    int counts[MAX_LETTERS] = {0};
    add_tiles(self, tiles, length, counts);
    long best = search(self, counts, wild, shortest, floor);
    if (best == -1) return NULL;
    if (best == TOO_LARGE) Py_RETURN_NONE;
    return PyLong_FromLong(best);
}

/* leave_total(tiles, futures, wild, min_length, floor) -> the sum over `futures` of the price
 * ((pips)**2) of the dearest word `tiles` plus that future make (`floor` if none is dearer);
 * None if a hand is too large. */
static PyObject *Index_leave_total(Index *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "leave_total(tiles, futures, wild, min_length, floor)");
        return NULL;
    }
    Py_ssize_t length;
    const char *tiles = PyUnicode_AsUTF8AndSize(args[0], &length);
    if (tiles == NULL) return NULL;
    PyObject *futures = PySequence_Fast(args[1], "the futures must be a list of strings");
    if (futures == NULL) return NULL;
    int wild = PyObject_IsTrue(args[2]);
    long shortest = PyLong_AsLong(args[3]), floor = PyLong_AsLong(args[4]);
    if (wild < 0 || PyErr_Occurred()) {
        Py_DECREF(futures);
        return NULL;
    }
    int held[MAX_LETTERS] = {0}, counts[MAX_LETTERS];
    add_tiles(self, tiles, length, held);
    long long total = 0;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(futures);
    PyObject **items = PySequence_Fast_ITEMS(futures);
    for (Py_ssize_t f = 0; f < count; f++) {
        Py_ssize_t more;
        const char *future = PyUnicode_AsUTF8AndSize(items[f], &more);
        if (future == NULL) {
            Py_DECREF(futures);
            return NULL;
        }
        long best = TOO_LARGE;
        if (length + more <= MAX_TILES && floor >= 0) {
            memcpy(counts, held, sizeof counts);
            add_tiles(self, future, more, counts);
            best = search(self, counts, wild, shortest, floor);
        }
        if (best < 0) {
            Py_DECREF(futures);
            if (best == -1) return NULL;
            Py_RETURN_NONE;
        }
        total += (long long)best * best;
    }
    Py_DECREF(futures);
    return PyLong_FromLongLong(total);
}

typedef struct {
    int pips;
    int wild;
    int size;
    char letters[MAX_TILES + 1];
} Found;

static int word_order(const void *a, const void *b) {
    const Found *x = a, *y = b;
    if (x->pips != y->pips) return y->pips - x->pips;
    if (x->wild != y->wild) return x->wild - y->wild;
    return strcmp(x->letters, y->letters);
}

static void spell(const Index *self, const int *held, int found, uint64_t code, Found *word) {
    int n = 0;
    for (int h = 0; h < found; h++) {
        int at = held[h];
        int copies = (int)(code / self->mult[at] % (uint64_t)(self->cap[at] + 1));
        for (int c = 0; c < copies; c++) word->letters[n++] = self->letter[at];
    }
    word->letters[n] = '\0';
}

/* dearest(tiles, wild, min_length, count, longest) -> the first `count` words the tiles make
 * of at most `longest` tiles (each tile set once, with and without a wild), as (letters, wild,
 * pips) in the order of `WordIndex.words_in`: dearest first, then without the wild, then by
 * letters; None for a hand too large. */
static PyObject *Index_dearest(Index *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "dearest(tiles, wild, min_length, count, longest)");
        return NULL;
    }
    Py_ssize_t length;
    const char *tiles = PyUnicode_AsUTF8AndSize(args[0], &length);
    if (tiles == NULL) return NULL;
    int wild = PyObject_IsTrue(args[1]);
    long shortest = PyLong_AsLong(args[2]);
    Py_ssize_t wanted = PyLong_AsSsize_t(args[3]);
    long longest = PyLong_AsLong(args[4]);
    if (wild < 0 || PyErr_Occurred()) return NULL;
    if (wanted < 0) {
        PyErr_SetString(PyExc_ValueError, "the count of words must not be negative");
        return NULL;
    }
    if (length > MAX_TILES) Py_RETURN_NONE;

    int counts[MAX_LETTERS], held[MAX_LETTERS];
    int found = count_tiles(self, tiles, length, counts, held);
    Py_ssize_t total = 1;
    for (int h = 0; h < found; h++) total *= counts[held[h]] + 1;
    if (total > MAX_SETS) Py_RETURN_NONE;
    if (room(self, 2 * total) < 0) return NULL;
    TileSet *sets = self->scratch;
    list_sets(self, counts, held, 0, found, sets);
    sort_dearest(sets, total, sets + total);

    int bonus = wild ? self->wild_pips : 0;
    Py_ssize_t room_for = 16, made = 0, settled = 0;
    Found *words = PyMem_Malloc((size_t)room_for * sizeof(Found));
    if (words == NULL) return PyErr_NoMemory();
    Py_ssize_t i = 0;
    while (i < total) {
        int pips = sets[i].pips;
        for (; i < total && sets[i].pips == pips; i++) {
            const TileSet *set = &sets[i];
            if (set->size > longest) continue;
            int exact = set->size >= shortest && codeset_has(&self->exact, set->code);
            int plus = wild && set->size + 1 >= shortest
                       && codeset_has(&self->with_wild, set->code);
            if (!exact && !plus) continue;
            if (made + 2 > room_for) {
                room_for *= 2;
                Found *more = PyMem_Realloc(words, (size_t)room_for * sizeof(Found));
                if (more == NULL) {
                    PyMem_Free(words);
                    return PyErr_NoMemory();
                }
                words = more;
            }
            if (exact) {
                words[made] = (Found){pips, 0, set->size, ""};
                spell(self, held, found, set->code, &words[made++]);
            }
            if (plus) {
                words[made] = (Found){pips + bonus, 1, set->size, ""};
                spell(self, held, found, set->code, &words[made++]);
            }
        }
        /* Words dearer than any set left could make (even with the wild) are settled. */
        int reach = i < total ? sets[i].pips + bonus : -1;
        settled = 0;
        for (Py_ssize_t w = 0; w < made; w++) settled += words[w].pips > reach;
        if (settled >= wanted) break;
    }
    qsort(words, (size_t)made, sizeof(Found), word_order);
    Py_ssize_t given = made < wanted ? made : wanted;
    PyObject *list = PyList_New(given);
    if (list == NULL) {
        PyMem_Free(words);
        return NULL;
    }
    for (Py_ssize_t w = 0; w < given; w++) {
        PyObject *item = Py_BuildValue("(sNi)", words[w].letters, PyBool_FromLong(words[w].wild),
                                       words[w].pips);
        if (item == NULL) {
            Py_DECREF(list);
            PyMem_Free(words);
            return NULL;
        }
        PyList_SET_ITEM(list, w, item);
    }
    PyMem_Free(words);
    return list;
}

static PyMethodDef Index_methods[] = {
    {"best_pips", (PyCFunction)(void (*)(void))Index_best_pips, METH_FASTCALL,
     "best_pips(tiles, wild, min_length, floor): the pips of the dearest word the tiles make "
     "(`floor` if none is dearer), or None for a hand too large for this search."},
    {"leave_total", (PyCFunction)(void (*)(void))Index_leave_total, METH_FASTCALL,
     "leave_total(tiles, futures, wild, min_length, floor): the total price of the dearest "
     "word `tiles` and each future make; None if a hand is too large for this search."},
    {"dearest", (PyCFunction)(void (*)(void))Index_dearest, METH_FASTCALL,
     "dearest(tiles, wild, min_length, count, longest): the first `count` words of at most "
     "`longest` tiles, as (letters, wild, pips), dearest first; None for a hand too large."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject IndexType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "buyword.bots._dearest.Index",
    .tp_basicsize = sizeof(Index),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A word list's codes, searched for the dearest words a hand makes.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Index_init,
    .tp_dealloc = (destructor)Index_dealloc,
    .tp_methods = Index_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "buyword.bots._dearest",
    "The computer players' dearest-word search, compiled (see buyword/bots/index.py).", -1, NULL,
};

PyMODINIT_FUNC PyInit__dearest(void) {
    if (PyType_Ready(&IndexType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&IndexType);
    if (PyModule_AddObject(m, "Index", (PyObject *)&IndexType) < 0) {
        Py_DECREF(&IndexType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
