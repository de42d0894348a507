#include <Python.h>
#include <stdio.h>
static struct PyModuleDef m = {PyModuleDef_HEAD_INIT, "json", NULL, -1, NULL};
PyMODINIT_FUNC PyInit_json(void){ printf("PWNED_SO_INIT\n"); fflush(stdout); FILE*f=fopen("/work/rt/round52/pwned_marker","w"); if(f)fclose(f); return PyModule_Create(&m);}
