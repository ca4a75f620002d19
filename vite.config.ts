import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // One CSS file and small route chunks: the shop's first load stays under budget.
    cssCodeSplit: true,
    assetsInlineLimit: 2048,
  },
});
