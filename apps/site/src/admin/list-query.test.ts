import { describe, expect, it } from "vitest";
import { type AdminListQuery, adminListParams, adminListQueryOf, isFiltered } from "./list-query";

const read = (search: string) => adminListQueryOf(new URLSearchParams(search));
const ALL: AdminListQuery = { page: 1, search: "", status: null, tag: "" };

describe("the admin list's address", () => {
  it("reads the page, the search, the status and the tag", () => {
    expect(read("")).toEqual(ALL);
    expect(read("?search=rook+endings&status=draft&tag=King%20walk&page=3")).toEqual({
      page: 3,
      search: "rook endings",
      status: "draft",
      tag: "King walk",
    });
    expect(read("status=published").status).toBe("published");
    expect(read("status=scheduled").status).toBe("scheduled");
  });

  it("reads what the API would refuse as the default, so a stale or edited link still lists", () => {
    for (const page of ["0", "-1", "1.5", "abc", "1e3", "+2", "02", "", "100001"])
      expect(read(`page=${page}`).page).toBe(1);
    expect(read("page=100000").page).toBe(100_000);
    for (const status of ["archived", "DRAFT", "all", "", "__proto__"]) {
      expect(read(`status=${status}`).status).toBeNull();
    }
    expect(read(`tag=${"x".repeat(41)}`).tag).toBe("");
    expect(read(`search=${"x".repeat(300)}`).search).toHaveLength(200);
    expect(read("search=%20%20&tag=%20").search).toBe("");
  });

  it("writes only what differs from the default, and reads back what it wrote", () => {
    expect(adminListParams(ALL).toString()).toBe("");
    const query: AdminListQuery = { page: 2, search: "الملك", status: "published", tag: "Endgames & more" };
    const written = adminListParams(query).toString();
    expect(written).toBe(
      "search=%D8%A7%D9%84%D9%85%D9%84%D9%83&status=published&tag=Endgames+%26+more&page=2",
    );
    expect(read(written)).toEqual(query);
    expect(adminListParams({ ...ALL, search: "  x  ", page: 1 }).toString()).toBe("search=x");
  });

  it("knows a filtered list from a whole one", () => {
    expect(isFiltered(ALL)).toBe(false);
    expect(isFiltered({ ...ALL, page: 4 })).toBe(false);
    expect(isFiltered({ ...ALL, status: "draft" })).toBe(true);
    expect(isFiltered({ ...ALL, tag: "x" })).toBe(true);
    expect(isFiltered({ ...ALL, search: "x" })).toBe(true);
  });
});
