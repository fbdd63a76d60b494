export {
  type EditLinkProps,
  PostsTable,
  type PostsTableLabels,
  type PostsTableProps,
  type PostsTableRow,
} from "./posts-table";
