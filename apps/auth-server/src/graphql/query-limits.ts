// Validation rules that bound what one GraphQL document may ask for: aliases (otherwise one request could try a
// thousand passwords via aliased signIn calls) and total field selections (a simple cost measure). Depth is
// limited by mercurius' own `queryDepth`.
import { GraphQLError, type ValidationContext, type ASTVisitor } from 'graphql'

export function maxAliasesRule (limit: number) {
  return (context: ValidationContext): ASTVisitor => {
    let aliases = 0
    return {
      Field (node) {
        if (node.alias !== undefined && ++aliases === limit + 1) {
          context.reportError(new GraphQLError(`a document may use at most ${limit} aliases`, { nodes: node, extensions: { code: 'BAD_USER_INPUT' } }))
        }
      }
    }
  }
}

export function maxFieldsRule (limit: number) {
  return (context: ValidationContext): ASTVisitor => {
    let fields = 0
    return {
      Field (node) {
        if (++fields === limit + 1) {
          context.reportError(new GraphQLError(`a document may select at most ${limit} fields`, { nodes: node, extensions: { code: 'BAD_USER_INPUT' } }))
        }
      }
    }
  }
}
