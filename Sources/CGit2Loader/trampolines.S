/* libgit2's functions, reached through a table filled when libgit2 is loaded (see loader.c).
 *
 * Each function say calls has three pieces here: the function itself, a jump through its slot;
 * the slot, which starts out pointing at the function's "lazy" stub; and the stub, which loads
 * libgit2 (once, for every slot) and then jumps through the slot again. The arguments are in
 * registers, untouched by a jump, and the loader saves and restores every argument register around
 * its call, so no piece needs to know a function's signature. Linux on x86-64 and arm64 only;
 * elsewhere libgit2 is linked as usual. */

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
#include "functions.h"

#if defined(__x86_64__)

#define SAY_GIT_TRAMPOLINE(f) \
    .text; .globl f; .type f, @function; .p2align 4; \
    f: jmp *say_git_slot_##f(%rip); .size f, . - f; \
    say_git_lazy_##f: leaq say_git_slot_##f(%rip), %r11; jmp say_git_resolve; \
    .data; .p2align 3; say_git_slot_##f: .quad say_git_lazy_##f; \
    .section .rodata.say_git_names, "a"; say_git_name_##f: .asciz #f;

    SAY_GIT_FUNCTIONS(SAY_GIT_TRAMPOLINE)

    /* %r11: the slot to jump through once libgit2 is loaded. */
    .text
    .p2align 4
    .type say_git_resolve, @function
say_git_resolve:
    pushq %rbp
    movq %rsp, %rbp
    pushq %rdi
    pushq %rsi
    pushq %rdx
    pushq %rcx
    pushq %r8
    pushq %r9
    pushq %rax
    pushq %r11
    subq $128, %rsp
    movdqu %xmm0, 0(%rsp)
    movdqu %xmm1, 16(%rsp)
    movdqu %xmm2, 32(%rsp)
    movdqu %xmm3, 48(%rsp)
    movdqu %xmm4, 64(%rsp)
    movdqu %xmm5, 80(%rsp)
    movdqu %xmm6, 96(%rsp)
    movdqu %xmm7, 112(%rsp)
    call say_git_load_or_exit@PLT
    movdqu 0(%rsp), %xmm0
    movdqu 16(%rsp), %xmm1
    movdqu 32(%rsp), %xmm2
    movdqu 48(%rsp), %xmm3
    movdqu 64(%rsp), %xmm4
    movdqu 80(%rsp), %xmm5
    movdqu 96(%rsp), %xmm6
    movdqu 112(%rsp), %xmm7
    addq $128, %rsp
    popq %r11
    popq %rax
    popq %r9
    popq %r8
    popq %rcx
    popq %rdx
    popq %rsi
    popq %rdi
    popq %rbp
    jmp *(%r11)
    .size say_git_resolve, . - say_git_resolve

#define SAY_GIT_ENTRY(f) .quad say_git_name_##f, say_git_slot_##f;

#elif defined(__aarch64__)

#define SAY_GIT_TRAMPOLINE(f) \
    .text; .globl f; .type f, %function; .p2align 4; \
    f: adrp x16, say_git_slot_##f; ldr x16, [x16, :lo12:say_git_slot_##f]; br x16; .size f, . - f; \
    say_git_lazy_##f: adrp x17, say_git_slot_##f; add x17, x17, :lo12:say_git_slot_##f; b say_git_resolve; \
    .data; .p2align 3; say_git_slot_##f: .xword say_git_lazy_##f; \
    .section .rodata.say_git_names, "a"; say_git_name_##f: .asciz #f;

    SAY_GIT_FUNCTIONS(SAY_GIT_TRAMPOLINE)

    /* x17: the slot to jump through once libgit2 is loaded. */
    .text
    .p2align 4
    .type say_git_resolve, %function
say_git_resolve:
    stp x29, x30, [sp, #-224]!
    mov x29, sp
    stp x0, x1, [sp, #16]
    stp x2, x3, [sp, #32]
    stp x4, x5, [sp, #48]
    stp x6, x7, [sp, #64]
    stp x8, x17, [sp, #80]
    stp q0, q1, [sp, #96]
    stp q2, q3, [sp, #128]
    stp q4, q5, [sp, #160]
    stp q6, q7, [sp, #192]
    bl say_git_load_or_exit
    ldp q6, q7, [sp, #192]
    ldp q4, q5, [sp, #160]
    ldp q2, q3, [sp, #128]
    ldp q0, q1, [sp, #96]
    ldp x8, x17, [sp, #80]
    ldp x6, x7, [sp, #64]
    ldp x4, x5, [sp, #48]
    ldp x2, x3, [sp, #32]
    ldp x0, x1, [sp, #16]
    ldp x29, x30, [sp], #224
    ldr x16, [x17]
    br x16
    .size say_git_resolve, . - say_git_resolve

#define SAY_GIT_ENTRY(f) .xword say_git_name_##f, say_git_slot_##f;

#endif

    /* Every function's name and slot, for the loader; a zero name ends the table. */
    .section .data.rel.ro, "aw"
    .p2align 3
    .globl say_git_table
    .hidden say_git_table
say_git_table:
    SAY_GIT_FUNCTIONS(SAY_GIT_ENTRY)
    .quad 0, 0

#endif

#if defined(__linux__) && defined(__ELF__)
    .section .note.GNU-stack, "", %progbits
#endif
