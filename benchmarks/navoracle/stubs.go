package main

import (
	"errors"
	"io"
)

func runPyTruth(args []string, stdout io.Writer) error    { return errors.New("todo") }
func runPyScore(args []string, stdout io.Writer) error    { return errors.New("todo") }
func runCtagsTruth(args []string, stdout io.Writer) error { return errors.New("todo") }
func runCtagsScore(args []string, stdout io.Writer) error { return errors.New("todo") }
