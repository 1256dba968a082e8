/* SplitMix64's draws in C, for railways.core.rng (docs/performance.md, issue 26, seventh
 * round). In Python each draw is arithmetic on 64-bit (and 128-bit) ints, some 6,500
 * machine instructions; here it is a few dozen plus the call.
 *
 * `SplitMix64Base` is an empty base class whose `below` is the method `Rng.below`: the
 * Python class `Rng` (rng.py) derives from it and keeps its own `__slots__` ("draws",
 * "state"), `__init__`, `copy`, pickling and subclasses as they are. `register(Rng, below)`
 * tells this module the class and its pure-Python `below`: for an instance of exactly
 * that class whose slots hold ints and a bound from 1 to 2**64 - 1, `below` reads and
 * writes the two slots directly and draws here; anything else (a subclass, a bound that
 * is not such an int, a slot holding something else) is handed to the Python `below`, so
 * every stream and every error is the pure engine's.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>

#define GAMMA 0x9E3779B97F4A7C15ULL
#define SMALL (1ULL << 32)
#define SURE (0ULL - SMALL) /* (1 << 64) - (1 << 32): under every limit of a bound <= 2**32 */

static PyTypeObject *plain_type = NULL;  /* Rng, once registered */
static PyObject *python_below = NULL;    /* rng.py's pure-Python below(self, n) */
static Py_ssize_t state_offset = -1;     /* where Rng's slots live in an instance */
static Py_ssize_t draws_offset = -1;

static inline uint64_t
mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static PyObject *
fall_back(PyObject *self, PyObject *n)
{
    if (python_below == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_splitmix64: register() was not called");
        return NULL;
    }
    return PyObject_CallFunctionObjArgs(python_below, self, n, NULL);
}

/* The draws of below(n) from `state`: how many were made (rejections are rare: only for a
 * bound over 2**32 and a draw within 2**32 of 2**64), the new state and the value. */
static uint64_t
draw_below(uint64_t *state, uint64_t n, long long *made)
{
    uint64_t rest = (0ULL - n) % n; /* (1 << 64) % n */
    for (;;) {
        uint64_t x;
        *state += GAMMA;
        ++*made;
        x = mix(*state);
        /* kept when under (1 << 64) - rest, as rng.py's below keeps it */
        if ((x < SURE && n <= SMALL) || rest == 0 || x < 0ULL - rest) {
            return x % n;
        }
    }
}

static PyObject *
below(PyObject *self, PyObject *n_obj)
{
    PyObject **state_slot, **draws_slot, *new_state, *new_draws, *out;
    uint64_t n, state, value;
    long long draws, made = 0;
    int overflow;

    if (Py_TYPE(self) != plain_type || !PyLong_CheckExact(n_obj)) {
        return fall_back(self, n_obj);
    }
    state_slot = (PyObject **)((char *)self + state_offset);
    draws_slot = (PyObject **)((char *)self + draws_offset);
    if (*state_slot == NULL || *draws_slot == NULL || !PyLong_CheckExact(*state_slot)
        || !PyLong_CheckExact(*draws_slot)) {
        return fall_back(self, n_obj);
    }
    n = PyLong_AsUnsignedLongLong(n_obj);
    if (n == (uint64_t)-1 && PyErr_Occurred()) { /* negative, or 2**64 or more */
        PyErr_Clear();
        return fall_back(self, n_obj);
    }
    if (n == 0) {
        return fall_back(self, n_obj); /* its ValueError */
    }
    draws = PyLong_AsLongLongAndOverflow(*draws_slot, &overflow);
    if (overflow || (draws == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return fall_back(self, n_obj);
    }
    /* (state + GAMMA) & MASK for any int state: the arithmetic is modulo 2**64 */
    state = PyLong_AsUnsignedLongLongMask(*state_slot);
    if (state == (uint64_t)-1 && PyErr_Occurred()) {
        return NULL;
    }
    value = draw_below(&state, n, &made);
    if (draws > LLONG_MAX - made) {
        return fall_back(self, n_obj); /* nothing was changed yet */
    }
    new_state = PyLong_FromUnsignedLongLong(state);
    new_draws = PyLong_FromLongLong(draws + made);
    out = PyLong_FromUnsignedLongLong(value);
    if (new_state == NULL || new_draws == NULL || out == NULL) {
        Py_XDECREF(new_state);
        Py_XDECREF(new_draws);
        Py_XDECREF(out);
        return NULL;
    }
    Py_SETREF(*state_slot, new_state);
    Py_SETREF(*draws_slot, new_draws);
    return out;
}

static PyMethodDef base_methods[] = {
    {"below", (PyCFunction)below, METH_O,
     "A uniform integer in range(n) (rejection sampling, no modulo bias)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject base_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "railways.core._splitmix64.SplitMix64Base",
    .tp_basicsize = sizeof(PyObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "SplitMix64's below() in C; rng.Rng derives from it and holds the state.",
    .tp_methods = base_methods,
    .tp_new = PyType_GenericNew,
};

static Py_ssize_t
slot_offset(PyTypeObject *cls, const char *name)
{
    PyObject *descr = PyDict_GetItemString(cls->tp_dict, name); /* borrowed */
    PyMemberDef *member;

    if (descr == NULL || !Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        PyErr_Format(PyExc_TypeError, "_splitmix64: %s has no slot %s", cls->tp_name, name);
        return -1;
    }
    member = ((PyMemberDescrObject *)descr)->d_member;
    if (member->type != T_OBJECT_EX) {
        PyErr_Format(PyExc_TypeError, "_splitmix64: %s.%s is not a plain slot", cls->tp_name,
                     name);
        return -1;
    }
    return member->offset;
}

static PyObject *
register_class(PyObject *module, PyObject *args)
{
    PyObject *cls, *fallback;
    Py_ssize_t state_at, draws_at;

    if (!PyArg_ParseTuple(args, "O!O:register", &PyType_Type, &cls, &fallback)) {
        return NULL;
    }
    if (!PyType_IsSubtype((PyTypeObject *)cls, &base_type) || !PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_TypeError,
                        "register(cls, below): cls derives from SplitMix64Base, below is "
                        "its pure-Python below");
        return NULL;
    }
    state_at = slot_offset((PyTypeObject *)cls, "state");
    if (state_at < 0) {
        return NULL;
    }
    draws_at = slot_offset((PyTypeObject *)cls, "draws");
    if (draws_at < 0) {
        return NULL;
    }
    Py_INCREF(cls);
    Py_XSETREF(plain_type, (PyTypeObject *)cls);
    Py_INCREF(fallback);
    Py_XSETREF(python_below, fallback);
    state_offset = state_at;
    draws_offset = draws_at;
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"register", register_class, METH_VARARGS,
     "register(cls, below): the class whose instances below() draws for, and its "
     "pure-Python below for everything else."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "railways.core._splitmix64",
    .m_doc = "SplitMix64's below() in C for railways.core.rng (the same stream).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__splitmix64(void)
{
    PyObject *module;

    if (PyType_Ready(&base_type) < 0) {
        return NULL;
    }
    module = PyModule_Create(&module_def);
    if (module == NULL) {
        return NULL;
    }
    Py_INCREF(&base_type);
    if (PyModule_AddObject(module, "SplitMix64Base", (PyObject *)&base_type) < 0) {
        Py_DECREF(&base_type);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
