import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, ProductCard } from "../../src/contracts/catalog";
import { authorRedirects } from "../../src/server/db/schema";
import { listFilterChoices } from "../../src/server/services/catalog/catalog";
import { createAuthor, createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";

// Lists and search narrowed by author (the slug of their page) and publisher (its name, case
// aside), alone, together and with the other filters; the choices a list's filter offers.

let h: Harness;
let tapan: { id: number; slug: string };
let ishtiaq: { id: number; slug: string };
const ids: Record<string, number> = {};

const get = (path: string) => h.request<Page<ProductCard>>("GET", path);
const titles = async (path: string) => {
  const res = await get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { titles: res.body.data?.items.map((i) => i.title).sort() ?? [], total: res.body.data?.total };
};

beforeAll(async () => {
  h = await createHarness();
  tapan = await createAuthor(h.db, "Shahjahan Tapan", "শাহজাহান তপন");
  ishtiaq = await createAuthor(h.db, "Ishtiaq Hossain");
  const book = async (title: string, input: Parameters<typeof createProduct>[1]) => {
    ids[title] = (await createProduct(h.db, { title, ...input })).id;
  };
  await book("Physics First Paper", {
    authorIds: [tapan.id],
    publisher: "Lecture Publications",
    soldCount: 50,
    tracks: ["hsc"],
  });
  await book("Physics Second Paper", {
    authorIds: [tapan.id, ishtiaq.id],
    publisher: "lecture publications",
    soldCount: 40,
    stock: 0,
    tracks: ["hsc"],
  });
  await book("Physics Test Papers", {
    authorIds: [ishtiaq.id],
    publisher: "Panjeree",
    soldCount: 30,
    tracks: ["hsc", "engineering"],
  });
  await book("Chemistry First Paper", {
    authorIds: [tapan.id],
    publisher: "Panjeree",
    soldCount: 20,
    tracks: ["medical"],
  });
  await book("Physics Draft", { authorIds: [tapan.id], publisher: "Panjeree", published: false });
  ids.ebook = (
    await createProduct(h.db, { kind: "ebook", title: "Physics Notes", authorIds: [tapan.id] })
  ).id;
});
afterAll(async () => {
  await h?.close();
});

describe("the author filter", () => {
  it("lists an author's published products of the list's kind, counted", async () => {
    expect(await titles(`/api/books?author=${tapan.slug}`)).toEqual({
      titles: ["Chemistry First Paper", "Physics First Paper", "Physics Second Paper"],
      total: 3,
    });
    expect(await titles(`/api/ebooks?author=${tapan.slug}`)).toEqual({ titles: ["Physics Notes"], total: 1 });
  });

  it("narrows a search, by relevance and in another order", async () => {
    const all = ["Physics First Paper", "Physics Notes", "Physics Second Paper"];
    expect(await titles(`/api/search?q=physics&author=${tapan.slug}`)).toEqual({ titles: all, total: 3 });
    expect(await titles(`/api/search?q=physics&author=${tapan.slug}&sort=newest`)).toEqual({
      titles: all,
      total: 3,
    });
  });

  it("finds a merged author's products under the slug they had", async () => {
    await h.db.insert(authorRedirects).values({ fromSlug: "s-tapan-old", authorId: tapan.id });
    expect((await titles("/api/books?author=s-tapan-old")).total).toBe(3);
  });

  it("lists nothing for an author no one has", async () => {
    expect(await titles("/api/books?author=nobody-at-all")).toEqual({ titles: [], total: 0 });
  });
});

describe("the publisher filter", () => {
  it("lists a publisher's books whatever the case either is written in", async () => {
    const lecture = { titles: ["Physics First Paper", "Physics Second Paper"], total: 2 };
    expect(await titles("/api/books?publisher=Lecture%20Publications")).toEqual(lecture);
    expect(await titles("/api/books?publisher=LECTURE%20PUBLICATIONS")).toEqual(lecture);
    expect(await titles("/api/search?q=paper&publisher=Panjeree")).toEqual({
      titles: ["Chemistry First Paper", "Physics Test Papers"],
      total: 2,
    });
  });

  it("leaves out every product that is not a book", async () => {
    expect(await titles("/api/search?q=physics&publisher=Panjeree")).toEqual({
      titles: ["Physics Test Papers"],
      total: 1,
    });
  });
});

describe("the filters together", () => {
  it("author and publisher", async () => {
    expect(await titles(`/api/search?q=physics&author=${ishtiaq.slug}&publisher=panjeree`)).toEqual({
      titles: ["Physics Test Papers"],
      total: 1,
    });
    expect(await titles(`/api/books?author=${ishtiaq.slug}&publisher=Lecture%20Publications`)).toEqual({
      titles: ["Physics Second Paper"],
      total: 1,
    });
  });

  it("with stock, track and paging: the total counts every match, not the page", async () => {
    expect(await titles(`/api/books?author=${tapan.slug}&inStock=true`)).toEqual({
      titles: ["Chemistry First Paper", "Physics First Paper"],
      total: 2,
    });
    expect(
      await titles(`/api/books?author=${tapan.slug}&track=hsc&publisher=lecture%20publications`),
    ).toEqual({
      titles: ["Physics First Paper", "Physics Second Paper"],
      total: 2,
    });
    const page = await get(`/api/books?author=${tapan.slug}&limit=2&page=2`);
    expect(page.body.data?.total).toBe(3);
    expect(page.body.data?.items.map((i) => i.title)).toEqual(["Chemistry First Paper"]);
  });
});

describe("bad values", () => {
  it.each([
    ["publisher=", "publisher"],
    ["publisher=%20%20", "publisher"],
    [`publisher=${"x".repeat(201)}`, "publisher"],
    ["author=", "author"],
    [`author=${"a".repeat(201)}`, "author"],
  ])("answers 400 to %s", async (query, field) => {
    for (const path of ["/api/books", "/api/search?q=physics&"]) {
      const res = await get(`${path}${path.endsWith("&") ? "" : "?"}${query}`);
      expect(res.status).toBe(400);
      expect(res.body.errors?.[field]).toBeTruthy();
    }
  });
});

describe("the choices a list's filter offers", () => {
  it("are the shown products' authors and publishers, those of more first, one per publisher whatever its case", async () => {
    const shown = ["Physics First Paper", "Physics Second Paper", "Physics Test Papers"].map((t) => ids[t]!);
    const choices = await listFilterChoices(h.ctx(), { ids: shown });
    expect(choices.authors.map((a) => a.name)).toEqual(["Ishtiaq Hossain", "Shahjahan Tapan"]);
    expect(choices.publishers).toHaveLength(2);
    expect(choices.publishers[0]?.toLowerCase()).toBe("lecture publications");
    expect(choices.publishers[1]).toBe("Panjeree");
  });

  it("keep the chosen author and publisher when nothing shown has them", async () => {
    const choices = await listFilterChoices(h.ctx(), {
      ids: [],
      author: "s-tapan-old",
      publisher: "Unknown House",
    });
    expect(choices.authors).toEqual([{ slug: "s-tapan-old", name: "Shahjahan Tapan", nameBn: "শাহজাহান তপন" }]);
    expect(choices.publishers).toEqual(["Unknown House"]);
  });
});
