# kirin_embed(OUT_VAR DIR GLOB ARRAY COUNT): data files embedded into the binary
# (embed_files.cmake): OUT_VAR names the generated source holding the files of DIR matching GLOB
# as ARRAY and its length COUNT. Included by the native build and by src/wasm's.
set(KIRIN_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/embed_files.cmake)
function(kirin_embed OUT_VAR DIR GLOB ARRAY COUNT)
  file(GLOB inputs CONFIGURE_DEPENDS ${DIR}/${GLOB})
  set(out ${CMAKE_BINARY_DIR}/generated/${ARRAY}.cpp)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DSRC_DIR=${DIR} -DGLOB=${GLOB} -DARRAY=${ARRAY} -DCOUNT=${COUNT}
            -DOUT=${out} -P ${KIRIN_EMBED_SCRIPT}
    DEPENDS ${inputs} ${KIRIN_EMBED_SCRIPT}
    COMMENT "Embedding ${GLOB}")
  set(${OUT_VAR} ${out} PARENT_SCOPE)
endfunction()
