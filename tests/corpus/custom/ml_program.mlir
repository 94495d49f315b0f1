ml_program.global private @weights(dense<[1, 2, 3]> : tensor<3xi32>) : tensor<3xi32>
ml_program.global public mutable @state : tensor<?xf32>
ml_program.global nested mutable @outside(#ml_program.extern : tensor<2xf32>) : tensor<?xf32>
ml_program.global private @scalar(7 : i64) : i64 {test.note = "kept"}
ml_program.func private @declared(f32, i32) -> (f32, i32)
ml_program.func @read() -> (tensor<3xi32>, i64) {
  %w = ml_program.global_load_const @weights : tensor<3xi32>
  %s = ml_program.global_load_const @scalar : i64
  ml_program.return %w, %s : tensor<3xi32>, i64
}
ml_program.func @update(%x: tensor<?xf32>) {
  %old = ml_program.global_load @state : tensor<?xf32>
  ml_program.global_store @state = %x : tensor<?xf32>
  ml_program.return
}
ml_program.subgraph @ordered(%x: tensor<?xf32>) -> (tensor<?xf32>, !ml_program.token) {
  %t0 = ml_program.token
  %v, %t1 = ml_program.global_load_graph @state ordering(%t0 -> !ml_program.token) : tensor<?xf32>
  %t2 = ml_program.global_store_graph @state = %y ordering(%t0, %t1 -> !ml_program.token) : tensor<?xf32>
  %y = "test.combine"(%v, %x) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  ml_program.output %y, %t2 : tensor<?xf32>, !ml_program.token
}
