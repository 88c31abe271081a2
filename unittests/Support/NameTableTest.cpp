//===- NameTableTest.cpp - unit tests for the name table ------------------===//
#include "looptile/Support/NameTable.h"

#include <gtest/gtest.h>

using namespace looptile;

namespace {

Variable param(const std::string &Name, Variable::Kind K,
               std::vector<std::optional<IndexExpr>> Extents = {}) {
  Variable V;
  V.Name = Name;
  V.VarKind = K;
  V.Extents = std::move(Extents);
  return V;
}

// void dot(int length, float min[length]) {
//   for (int half = 0; half < length; half++) min[half] = 1.0f; }
Function dotFunction() {
  Function F;
  F.Name = "dot";
  F.Params.push_back(param("length", Variable::SizeParam));
  F.Params.push_back(
      param("min", Variable::ArrayParam, {IndexExpr::symbol("length")}));
  Loop L;
  L.Var = "half";
  L.Lower = {IndexExpr::constant(0)};
  L.Upper = {IndexExpr::symbol("length") - IndexExpr::constant(1)};
  Stmt S;
  S.LHS = Expr::arrayRef("min", ElemType::Float, {IndexExpr::symbol("half")});
  S.RHS = Expr::scalarRef("length", ElemType::Int);
  L.Body.push_back(Node{S});
  F.Body.push_back(Node{L});
  return F;
}

TEST(NameTableTest, OpenCLReservesKeywordsTypesBuiltinsAndLooptileNames) {
  for (const char *N : {"dot",
                        "length",
                        "distance",
                        "normalize",
                        "min",
                        "max",
                        "clamp",
                        "mad",
                        "select",
                        "any",
                        "all",
                        "get_global_id",
                        "barrier",
                        "sqrt",
                        "half",
                        "float4",
                        "uchar16",
                        "size_t",
                        "bool",
                        "quad",
                        "float4x4",
                        "image2d_t",
                        "kernel",
                        "__kernel",
                        "global",
                        "local",
                        "constant",
                        "private",
                        "read_only",
                        "convert_int",
                        "convert_float4_sat_rte",
                        "as_uint",
                        "vload4",
                        "vstore_half8_rtz",
                        "atomic_add",
                        "atom_inc",
                        "native_sin",
                        "half_exp",
                        "M_PI",
                        "M_PI_F",
                        "FLT_MAX",
                        "CLK_LOCAL_MEM_FENCE",
                        "MAXFLOAT",
                        "TS",
                        "WG0",
                        "WPTM",
                        "MIN",
                        "LT_CAT",
                        "round_up",
                        "ceil_div",
                        "looptile",
                        "class",
                        "new",
                        "this",
                        "int",
                        "while"})
    EXPECT_TRUE(isReservedName(N, NameTarget::OpenCL)) << N;
  for (const char *N : {"A", "tmp", "i", "ii", "A_tile", "C_reg", "lengths",
                        "dots", "convert", "as_x", "mmm", "half_n2"})
    EXPECT_FALSE(isReservedName(N, NameTarget::OpenCL)) << N;
}

TEST(NameTableTest, CReservesKeywordsAndMathMacrosOnly) {
  for (const char *N : {"int", "typeof", "INFINITY", "isnan", "M_PI", "MIN"})
    EXPECT_TRUE(isReservedName(N, NameTarget::C)) << N;
  for (const char *N : {"dot", "length", "min", "half", "kernel", "class"})
    EXPECT_FALSE(isReservedName(N, NameTarget::C)) << N;
}

TEST(NameTableTest, FreshNamesAreDistinctAndNeverReserved) {
  Function F = dotFunction();
  NameTable Names(F, NameTarget::C);
  EXPECT_EQ(Names.fresh("A_tile"), "A_tile");
  EXPECT_EQ(Names.fresh("A_tile"), "A_tile_2");
  EXPECT_EQ(Names.fresh("A_tile"), "A_tile_3");
  // Taken by the function.
  EXPECT_EQ(Names.fresh("length"), "length_2");
  EXPECT_EQ(Names.fresh("dot"), "dot_2");
  // Reserved in OpenCL: an invented name is valid in every output.
  EXPECT_EQ(Names.fresh("clamp"), "clamp_2");
  EXPECT_EQ(Names.fresh("WG0"), "WG0_2");
  // Families no suffix gets out of.
  EXPECT_EQ(Names.fresh("vload4"), "u_vload4");
  EXPECT_EQ(Names.fresh("__x"), "u_x");
  EXPECT_EQ(Names.fresh("LT_A"), "u_LT_A");
  EXPECT_EQ(Names.fresh("x_"), "x_");
  EXPECT_EQ(Names.fresh("x_"), "x_2");
#ifdef NDEBUG
  // A base that is not an identifier (a caller's bug, asserted in builds
  // with assertions) still gives one.
  EXPECT_EQ(Names.fresh("i:6i:6"), "i_6i_6");
  EXPECT_EQ(Names.fresh("2x"), "v2x");
#endif
}

TEST(NameTableTest, RenamesReservedUserNamesEverywhere) {
  Function F = dotFunction();
  NameTable CNames(F, NameTarget::C);
  EXPECT_TRUE(CNames.renamed().empty());
  NameTable Names(F, NameTarget::OpenCL);
  EXPECT_EQ(Names.name("length"), "length_2");
  EXPECT_EQ(Names.name("min"), "min_2");
  EXPECT_EQ(Names.name("half"), "half_2");
  EXPECT_EQ(Names.name("dot"), "dot");
  Function R = withNames(F, Names);
  EXPECT_EQ(R.Name, "dot");
  EXPECT_EQ(R.Params[0].Name, "length_2");
  EXPECT_EQ(R.Params[1].Name, "min_2");
  EXPECT_EQ(R.Params[1].Extents[0]->str(), "length_2");
  const Loop &L = R.Body[0].loop();
  EXPECT_EQ(L.Var, "half_2");
  EXPECT_EQ(L.Upper[0].str(), "length_2 - 1");
  const Stmt &S = L.Body[0].stmt();
  EXPECT_EQ(S.str(), "min_2[half_2] = length_2");
  // A fresh name after the renaming avoids the new names too.
  EXPECT_EQ(Names.fresh("min_2"), "min_2_2");
}

} // namespace
